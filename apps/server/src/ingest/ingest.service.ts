import {
  roomNameForMint,
  type TIngestHealth,
  type TIngestInfo,
  type TIngestKey,
  type TIngestMode,
  WHIP_PATH_PREFIX,
  whipHostMetadata,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { open, seal } from '../auth/secret-box.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import type { MediaGateway } from '../live/media-gateway.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { IngestRepository } from './ingest.repository.ts';
import { hashStreamKey, newStreamKey } from './stream-key.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export const MEDIA_STATS_FAILED = 'Could not read the stream health from the media server';
export const INGRESS_FAILED = 'Could not create the LiveKit ingress; try again';
export const INGRESS_STATE_FAILED = 'Could not read the stream health from LiveKit';

/**
 * Stream keys and who may publish over WHIP. The key is generated here (embedded media server) or by LiveKit
 * (an Ingress, external LiveKit) and kept as its sha256 (what publishing is checked against) and sealed under
 * `sealKey`, so that its creator can see it again; generating again replaces it.
 */
/** What a sealed key is bound to: its stream (a sealed key copied to another stream's row does not open). */
const sealContext = (mint: string) => `stream-key ${mint}`;

export const createIngestService = (deps: {
  repo: IngestRepository;
  streams: Pick<StreamsService, 'get'>;
  access: Pick<Access, 'requireCreator'>;
  gateway: Pick<MediaGateway, 'createWhipIngress' | 'deleteIngress' | 'roomStats' | 'ingressState'>;
  mode: TIngestMode;
  publicOrigin: string;
  /** Seals the stored key (auth/secret-box.ts): derived from a secret every instance shares. */
  sealKey: Buffer;
  log: Log;
}) => {
  const { repo, streams, access, gateway, mode, log } = deps;
  const embeddedUrl = (mint: string) => `${deps.publicOrigin}${WHIP_PATH_PREFIX}${mint}`;

  const requireCreator = (actor: string, mint: string) =>
    access.requireCreator(actor, mint, 'Only the stream creator can see its stream key');

  const info = (
    mint: string,
    row: { whip_url: string | null; created_at: Date } | undefined,
  ): TIngestInfo => ({
    mode,
    whipUrl: mode === 'embedded' ? embeddedUrl(mint) : (row?.whip_url ?? null),
    hasKey: row !== undefined,
    keyCreatedAt: row ? row.created_at.toISOString() : null,
  });

  /** The stream's LiveKit Ingress as LiveKit reports it; no figures until it receives something. */
  const ingressHealth = async (mint: string): Promise<TIngestHealth> => {
    const ingressId = (await repo.find(mint))?.ingress_id;
    if (!ingressId) return { available: true, health: null, ingress: null };
    const state = await gateway.ingressState(ingressId).catch((err: unknown) => {
      log.warn({ err }, 'ingest: LiveKit ingress state unavailable');
      throw new AppError(502, 'ingress_unavailable', INGRESS_STATE_FAILED);
    });
    if (!state) return { available: true, health: null, ingress: null };
    const ingress = { status: state.status, error: state.error };
    const receiving = state.status === 'buffering' || state.status === 'publishing';
    if (!receiving || (!state.video && !state.audio)) return { available: true, health: null, ingress };
    const { video, audio } = state;
    return {
      available: true,
      health: {
        // LiveKit sends 0 before it has parsed a frame; the contract says null for "not known yet".
        width: video?.width || null,
        height: video?.height || null,
        fps: Math.round((video?.fps ?? 0) * 10) / 10,
        bitrateKbps: Math.round(((video?.bitrateBps ?? 0) + (audio?.bitrateBps ?? 0)) / 1000),
        lossPct: null,
      },
      ingress,
    };
  };

  return {
    mode,

    async get(actor: string, mint: string): Promise<TIngestInfo> {
      await requireCreator(actor, mint);
      return info(mint, await repo.find(mint));
    },

    /**
     * What the media server receives from the creator now (the OBS dashboard's health): bitrate of all their
     * tracks, the video's frame rate and size, loss over all. With an external LiveKit, what its Ingress
     * reports instead (it measures no loss: null).
     */
    async health(actor: string, mint: string): Promise<TIngestHealth> {
      await requireCreator(actor, mint);
      if (mode !== 'embedded') return ingressHealth(mint);
      const stats = await gateway.roomStats(roomNameForMint(mint)).catch((err: unknown) => {
        log.warn({ err }, 'ingest: media server stats unavailable');
        throw new AppError(502, 'media_unavailable', MEDIA_STATS_FAILED);
      });
      const tracks = stats?.participants.find((p) => p.identity === actor)?.tracks ?? [];
      if (tracks.length === 0) return { available: true, health: null, ingress: null };
      const video = tracks.find((t) => t.kind === 'video');
      // Loss weighted by bitrate: a lossy video matters more than the audio beside it.
      const kbps = tracks.reduce((sum, t) => sum + t.bitrateKbps, 0);
      const loss = kbps > 0 ? tracks.reduce((sum, t) => sum + t.lossPct * t.bitrateKbps, 0) / kbps : 0;
      return {
        available: true,
        health: {
          width: video?.width ?? null,
          height: video?.height ?? null,
          fps: video?.fps ?? 0,
          bitrateKbps: kbps,
          lossPct: Math.round(loss * 10) / 10,
        },
        ingress: null,
      };
    },

    /** The stream's current key again, for its creator (after a reload, on another device). */
    async reveal(actor: string, mint: string): Promise<TIngestKey> {
      await requireCreator(actor, mint);
      const row = await repo.find(mint);
      if (!row) throw new AppError(404, 'no_stream_key', 'This stream has no key yet: generate one');
      const streamKey = row.key_sealed ? open(deps.sealKey, row.key_sealed, sealContext(mint)) : null;
      if (!streamKey)
        throw new AppError(
          409,
          'stream_key_unreadable',
          'This key cannot be shown again: generate a new one',
        );
      const shown = info(mint, row);
      return { ...shown, whipUrl: shown.whipUrl ?? '', streamKey };
    },

    /** A new key for the stream; the previous one (and its LiveKit ingress) stops working. */
    async regenerate(actor: string, mint: string): Promise<TIngestKey> {
      await requireCreator(actor, mint);
      const previous = await repo.find(mint);
      if (mode === 'embedded') {
        const streamKey = newStreamKey();
        const row = await repo.save({
          mint,
          keyHash: hashStreamKey(streamKey),
          keySealed: seal(deps.sealKey, streamKey, sealContext(mint)),
          whipUrl: null,
          ingressId: null,
        });
        return { ...info(mint, row), whipUrl: embeddedUrl(mint), streamKey };
      }
      let created: Awaited<ReturnType<typeof gateway.createWhipIngress>>;
      try {
        created = await gateway.createWhipIngress({
          roomName: roomNameForMint(mint),
          identity: actor,
          name: actor,
          metadata: whipHostMetadata(),
        });
      } catch (err) {
        log.warn({ err }, 'ingest: LiveKit ingress creation failed');
        throw new AppError(502, 'ingress_failed', INGRESS_FAILED);
      }
      const row = await repo.save({
        mint,
        keyHash: hashStreamKey(created.streamKey),
        keySealed: seal(deps.sealKey, created.streamKey, sealContext(mint)),
        whipUrl: created.url,
        ingressId: created.ingressId,
      });
      if (previous?.ingress_id) {
        await gateway
          .deleteIngress(previous.ingress_id)
          .catch((err) => log.warn({ err }, 'ingest: old LiveKit ingress not deleted'));
      }
      return { ...info(mint, row), whipUrl: created.url, streamKey: created.streamKey };
    },

    /**
     * The stream a WHIP request may publish to: it exists (404) and `authorization` carries its current key
     * (401). Returns the creator, as whom the ingest joins the room.
     */
    async authorizeWhip(mint: string, authorization: string | undefined): Promise<{ creator: string }> {
      const stream = await streams.get(mint);
      const key = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim();
      if (!key) throw unauthorized('A stream key is required (Authorization: Bearer <stream key>)');
      const row = await repo.find(stream.mint);
      if (!row || !stream.creator_address || row.key_hash !== hashStreamKey(key))
        throw unauthorized('Invalid stream key');
      return { creator: stream.creator_address };
    },
  };
};

export type IngestService = ReturnType<typeof createIngestService>;
