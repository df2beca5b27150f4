import { randomUUID } from 'node:crypto';
import {
  REPLAY_CHAT_LIMIT,
  recordingVideoPath,
  roomNameForMint,
  type TRecording,
  type TReplayChatMessage,
  type TReplayPricePoint,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { toChatMessage } from '../chat/chat-row.ts';
import { AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import type { S3Store } from '../storage/s3-store.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { MarketSnapshots } from '../tokens/market-snapshots.repository.ts';
import type { EgressGateway, EgressResult } from './egress-gateway.ts';
import { type RecordingFiles, recordingFilePath, recordingObjectKey } from './recording-files.ts';
import type { RecordingRow, RecordingsRepository } from './recordings.repository.ts';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export const RECORDING_NOT_FOUND = 'Replay not found';
export const RECORDING_DELETED = 'This replay was deleted';
export const RECORDING_NOT_READY = 'This broadcast is still being recorded';
export const RECORDING_DELETE_REFUSED = 'Only the stream creator or an administrator can delete this replay';
export const RECORDING_SETTINGS_REFUSED = 'Only the stream creator can change recording';
/** How many past broadcasts a list shows. */
export const RECORDING_LIST_LIMIT = 50;

/** The row as the API shows it. */
export const toRecording = (row: RecordingRow): TRecording => ({
  id: row.id,
  mint: row.stream_id,
  status: row.status,
  startedAt: row.started_at.toISOString(),
  endedAt: row.ended_at ? row.ended_at.toISOString() : null,
  durationMs: row.duration_ms,
  sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
  videoUrl: row.status === 'ready' ? recordingVideoPath(row.id) : null,
});

/**
 * Recording rules: every broadcast is recorded unless its creator turned it off; the media server is asked
 * for a participant egress of the host when the stream goes live and tells us (egress_ended) when the file
 * is finished. Replays are public; the creator deletes theirs, an administrator anyone's.
 */
export const createRecordingsService = (deps: {
  repo: RecordingsRepository;
  streams: Pick<StreamsService, 'get'>;
  access: Pick<Access, 'role' | 'requireCreator' | 'isAdmin'>;
  /** Undefined when recording is unavailable (an external LiveKit without an S3 store). */
  egress?: EgressGateway;
  /** The embedded media server's recordings folder. */
  files?: RecordingFiles;
  /** Or the S3 store an external LiveKit's Egress uploads recordings into (decision 035). */
  store?: Pick<S3Store, 'presignedGet' | 'remove'>;
  /** The token's price kept while the stream was live (the replay's chart). */
  prices: Pick<MarketSnapshots, 'between'>;
  now: () => number;
  log: Log;
}) => {
  const { repo, streams, access, egress, files, store, log } = deps;

  /** Deletes a recording's file, wherever it is kept. */
  const removeFile = async (filePath: string): Promise<void> => {
    if (store) await store.remove(filePath);
    else await files?.remove(filePath);
  };

  /** A recording that exists and was not deleted (404 / 410 otherwise). */
  const existing = async (id: string): Promise<RecordingRow> => {
    const row = await repo.find(id);
    if (!row || row.status === 'failed') throw notFound(RECORDING_NOT_FOUND);
    if (row.deleted_at) throw new AppError(410, 'gone', RECORDING_DELETED);
    return row;
  };

  const startRecording = async (mint: string): Promise<void> => {
    if (!egress || !(files || store)) return;
    if (!(await repo.isEnabled(mint))) return;
    if (await repo.active(mint)) return;
    const stream = await streams.get(mint);
    if (!stream.creator_address) return;
    const id = randomUUID();
    const filePath = store ? recordingObjectKey(mint, id) : recordingFilePath(mint, id);
    await repo.insert({ id, streamId: mint, filePath, startedAt: new Date(deps.now()) });
    try {
      // The host's identity in the room is the creator's address (browser and WHIP alike).
      const egressId = await egress.startParticipant(roomNameForMint(mint), stream.creator_address, filePath);
      await repo.setEgress(id, egressId);
    } catch (err) {
      log.warn({ err, mint }, 'recording: the media server did not start an egress');
      await repo.finish(filePath, {
        status: 'failed',
        durationMs: null,
        sizeBytes: null,
        endedAt: new Date(deps.now()),
      });
    }
  };

  return {
    /** The stream went live: record it (unless switched off or already recording). */
    onLive: startRecording,

    /** The stream went offline: end its recording now rather than when the host's session ends. */
    async onOffline(mint: string): Promise<void> {
      const row = await repo.active(mint);
      if (!row?.egress_id || !egress) return;
      await egress.stop(row.egress_id).catch((err: unknown) => {
        // Already ended (the host left first): egress_ended has been or will be delivered.
        log.info({ err, mint }, 'recording: stop egress refused');
      });
    },

    /**
     * `egress_ended`: the file is finished (or was finished by a restarted media server after a crash). A file
     * with nothing in it is not a replay. A stream still live (its host reconnected) is recorded again.
     */
    async onEgressEnded(result: EgressResult): Promise<void> {
      const playable = result.durationMs > 0 && result.sizeBytes > 0;
      const row = await repo.finish(result.filename, {
        status: playable ? 'ready' : 'failed',
        durationMs: playable ? result.durationMs : null,
        sizeBytes: playable ? result.sizeBytes : null,
        endedAt: result.endedAt ?? new Date(deps.now()),
        startedAt: result.startedAt,
      });
      if (!row) return; // not one of ours (or deleted meanwhile)
      const stream = await streams.get(row.stream_id).catch(() => undefined);
      if (stream?.is_currently_live) await startRecording(row.stream_id);
    },

    async list(mint: string, actor: string | null): Promise<TRecording[]> {
      const role = await access.role(mint, actor);
      const statuses: RecordingRow['status'][] = role === 'creator' ? ['ready', 'recording'] : ['ready'];
      return (await repo.listForStream(mint, statuses, RECORDING_LIST_LIMIT)).map(toRecording);
    },

    async get(id: string): Promise<TRecording> {
      return toRecording(await existing(id));
    },

    /** The chat of a replay, each message with its moment in the video (ms from the recording's start). */
    async chat(id: string): Promise<TReplayChatMessage[]> {
      const row = await existing(id);
      const start = row.started_at;
      const end = row.ended_at ?? new Date(deps.now());
      const rows = await repo.chatBetween(row.stream_id, start, end, REPLAY_CHAT_LIMIT);
      return rows.map((m) => ({
        ...toChatMessage(m),
        offsetMs: Math.max(0, new Date(m.created_at).getTime() - start.getTime()),
      }));
    },

    /** The token's price over a replay, each point at its moment in the video (the last one before: at 0). */
    async prices(id: string): Promise<TReplayPricePoint[]> {
      const row = await existing(id);
      const start = row.started_at;
      const end = row.ended_at ?? new Date(deps.now());
      const rows = await deps.prices.between(row.stream_id, start, end);
      return rows.map((p) => ({
        offsetMs: Math.max(0, new Date(p.at).getTime() - start.getTime()),
        priceUsd: p.price_usd,
        marketCap: p.market_cap,
      }));
    },

    /** Where a playable recording's video is: a file to serve here, or a presigned URL of the S3 store. */
    async video(id: string): Promise<{ file: string } | { url: string }> {
      const row = await existing(id);
      if (row.status !== 'ready' || !(files || store)) throw conflict(RECORDING_NOT_READY);
      if (store) return { url: await store.presignedGet(row.file_path) };
      return { file: (files as RecordingFiles).resolve(row.file_path) };
    },

    /** Deletes a recording's file (retention and the budget), wherever it is kept. */
    removeFile,

    async remove(id: string, actor: string): Promise<void> {
      const row = await existing(id);
      const isAdmin = deps.access.isAdmin(actor);
      if (!isAdmin && (await access.role(row.stream_id, actor)) !== 'creator')
        throw forbidden(RECORDING_DELETE_REFUSED);
      if (row.status === 'recording') throw conflict(RECORDING_NOT_READY);
      await removeFile(row.file_path);
      await repo.markDeleted(id, isAdmin ? `admin:${actor}` : actor, new Date(deps.now()));
    },

    async settings(actor: string, mint: string): Promise<{ enabled: boolean }> {
      await access.requireCreator(actor, mint, RECORDING_SETTINGS_REFUSED);
      return { enabled: await repo.isEnabled(mint) };
    },

    async setSettings(actor: string, mint: string, enabled: boolean): Promise<{ enabled: boolean }> {
      await access.requireCreator(actor, mint, RECORDING_SETTINGS_REFUSED);
      await repo.setEnabled(mint, enabled);
      // Switched while live: the current broadcast stops (what is recorded stays a replay) or starts recording.
      const active = await repo.active(mint);
      if (!enabled && active?.egress_id && egress)
        await egress.stop(active.egress_id).catch((err: unknown) => {
          log.info({ err, mint }, 'recording: stop egress refused');
        });
      if (enabled && (await streams.get(mint)).is_currently_live) await startRecording(mint);
      return { enabled };
    },
  };
};

export type RecordingsService = ReturnType<typeof createRecordingsService>;
