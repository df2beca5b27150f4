import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { roomNameForMint } from '@mintcast/contracts';
import { AppError, notFound } from '../http/errors.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import { type HlsFiles, PLAYLIST } from './hls-files.ts';

export const HTTP_TIER_UNAVAILABLE = 'The HTTP tier is unavailable on this server: ffmpeg is not installed';
export const HTTP_TIER_EXTERNAL =
  'The HTTP tier needs an S3 store with an external LiveKit (S3_ENDPOINT, S3_BUCKET and its keys)';
export const HTTP_TIER_OFF = 'The HTTP tier is off on this server (MEDIA_HTTP_TIER=off)';
const NOT_LIVE = 'This stream is not live';
const STARTING = 'This stream is starting on the HTTP tier; try again in a moment';
const NO_SEGMENT = 'No such segment (not written yet, or already rotated out)';

/** How often a waiting playlist request looks for the first playlist. */
const PLAYLIST_POLL_MS = 200;
/** A packager whose playlist has not changed for this long is dead (media server restarted): started again. */
const STALE_PLAYLIST_MS = 10_000;
/**
 * A packager that has written no playlist this long after it was asked for is dead too. Generous: the egress
 * waits for the host's tracks, and ffmpeg probes its input for ~5 s before the first segment (decision 026).
 */
const FIRST_PLAYLIST_MS = 30_000;

export interface HttpTierSettings {
  /** A stream's packager stops after this long without a playlist request (ms). */
  idleMs: number;
  /** How long a playlist request waits for a just-started packager's first playlist (ms); 0 = not at all. */
  playlistWaitMs: number;
  /** WebRTC viewers of one stream before the next ones are sent to the HTTP tier; 0 = no cap. */
  maxViewersPerStream: number;
}

interface Packager {
  egressId?: string;
  /** Wall-clock time (compared with the files' modification times, not with the injected clock). */
  startedAt: number;
  lastDemandAt: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The HTTP delivery tier (issue 33, decision 026): one HLS packager per live stream, started by the first
 * demand (a playlist request, or a viewer sent here because WebRTC is full) and stopped when the stream ends or
 * nobody asked for its playlist for `idleMs`. The packager is the media server's participant egress with a
 * segments output (ffmpeg); this service only decides when it runs and which files may be read.
 */
export const createHttpTierService = (deps: {
  files: HlsFiles;
  egress: {
    startSegments(room: string, identity: string, prefix: string, playlist: string): Promise<string>;
    stop(egressId: string): Promise<void>;
  };
  streams: Pick<StreamsService, 'find'>;
  /**
   * With an external LiveKit: its Egress uploads the playlist and segments into the S3 store (decision 035) and
   * players read them there; this is the playlist's public URL. Absent: the embedded media server's files.
   */
  remotePlaylistUrl?: (mint: string) => string;
  /** Whether the tier can run here (ffmpeg present, embedded media server); the reason when not. */
  availability: () => Promise<string | null>;
  /** WebRTC viewers in a room now. */
  countViewers: (room: string) => Promise<number>;
  settings: HttpTierSettings;
  now: () => number;
  log: Log;
}) => {
  const { files, egress, log, settings } = deps;
  const running = new Map<string, Packager>();

  const stopPackager = (mint: string, why: string) => {
    const p = running.get(mint);
    running.delete(mint);
    if (!p?.egressId) return;
    log.info({ mint, why }, 'http tier: packager stopped');
    egress.stop(p.egressId).catch((err: unknown) => log.info({ err, mint }, 'http tier: stop refused'));
  };

  const startPackager = (mint: string, creator: string) => {
    const p: Packager = { startedAt: Date.now(), lastDemandAt: deps.now() };
    running.set(mint, p);
    // A run id in every segment's name: a segment URL never names two different files (cached immutable).
    const run = `${deps.now().toString(36)}${randomBytes(2).toString('hex')}`;
    egress.startSegments(roomNameForMint(mint), creator, `hls/${mint}/${run}`, PLAYLIST).then(
      (id) => {
        if (running.get(mint) === p) p.egressId = id;
        else egress.stop(id).catch(() => undefined);
        log.info({ mint, egressId: id }, 'http tier: packager started');
      },
      (err: unknown) => {
        if (running.get(mint) === p) running.delete(mint);
        log.warn({ err, mint }, 'http tier: the media server did not start a packager');
      },
    );
  };

  /** A live stream's playlist was asked for: its packager runs (again, if its playlist went stale). */
  const demand = async (mint: string, creator: string) => {
    const p = running.get(mint);
    if (p && deps.remotePlaylistUrl) {
      // The playlist is in the S3 store: the packager runs until LiveKit ends it (egress_ended) or nobody asks.
      p.lastDemandAt = deps.now();
      return;
    }
    if (p) {
      p.lastDemandAt = deps.now();
      // A playlist older than this packager is a previous run's (the media server empties the folder later).
      const written = await files.playlistWrittenAt(mint);
      const writtenAt = written !== null && written >= p.startedAt ? written : null;
      if (
        writtenAt === null
          ? Date.now() - p.startedAt < FIRST_PLAYLIST_MS
          : Date.now() - writtenAt < STALE_PLAYLIST_MS
      )
        return;
      stopPackager(mint, 'its playlist went stale');
    }
    startPackager(mint, creator);
  };

  const liveStream = async (mint: string) => {
    const reason = await deps.availability();
    if (reason) throw new AppError(404, 'http_tier_unavailable', reason);
    const stream = await deps.streams.find(mint);
    if (!stream?.is_currently_live || !stream.creator_address) throw notFound(NOT_LIVE);
    return { mint: stream.mint, creator: stream.creator_address };
  };

  return {
    /** Null when the tier runs here, else why not (logged at boot, reported by `/api/live/http-tier`). */
    unavailableReason: deps.availability,

    /**
     * With an S3 store: the public URL of a live stream's playlist (its packager started if need be); undefined
     * when the tier serves files from this origin.
     */
    async remotePlaylist(mint: string): Promise<string | undefined> {
      if (!deps.remotePlaylistUrl) return undefined;
      const stream = await liveStream(mint);
      await demand(stream.mint, stream.creator);
      return deps.remotePlaylistUrl(stream.mint);
    },

    /** The live playlist, waiting a moment for a packager this request started. */
    async playlist(mint: string): Promise<Buffer> {
      const stream = await liveStream(mint);
      await demand(stream.mint, stream.creator);
      const deadline = Date.now() + settings.playlistWaitMs;
      for (;;) {
        const bytes = await files.read(stream.mint, PLAYLIST);
        if (bytes) return bytes;
        if (Date.now() >= deadline) throw notFound(STARTING);
        await sleep(PLAYLIST_POLL_MS);
      }
    },

    /** A segment the playlist names (no database read: the folder exists only while the stream is packaged). */
    async segment(mint: string, name: string): Promise<Buffer> {
      const bytes = await files.read(mint, name);
      if (!bytes) throw notFound(NO_SEGMENT);
      return bytes;
    },

    /**
     * Where a new viewer watches: null for WebRTC, or the playlist URL when the stream's WebRTC audience is at
     * its cap and the tier runs here (without the tier, the cap is not enforced: a viewer is never refused).
     */
    async httpPlaceFor(mint: string): Promise<string | null> {
      if (settings.maxViewersPerStream <= 0 || (await deps.availability())) return null;
      const stream = await deps.streams.find(mint);
      if (!stream?.is_currently_live || !stream.creator_address) return null;
      const viewers = await deps.countViewers(roomNameForMint(stream.mint)).catch(() => 0);
      if (viewers < settings.maxViewersPerStream) return null;
      await demand(stream.mint, stream.creator_address);
      return deps.remotePlaylistUrl?.(stream.mint) ?? `/hls/${stream.mint}/${PLAYLIST}`;
    },

    /** The stream ended: its packager stops now. */
    onOffline(mint: string): void {
      stopPackager(mint, 'the stream went offline');
    },

    /** The media server ended a packager (host left, ffmpeg died): the next demand starts a new one. */
    onEgressEnded(egressId: string): void {
      for (const [mint, p] of running) if (p.egressId === egressId) running.delete(mint);
    },

    /** Stops the packagers nobody asked for lately (run every few seconds). */
    sweep(): void {
      for (const [mint, p] of running)
        if (deps.now() - p.lastDemandAt > settings.idleMs) stopPackager(mint, 'no demand');
    },

    /** Streams with a packager running now (metrics). */
    packaging: (): number => running.size,

    close(): void {
      for (const mint of [...running.keys()]) stopPackager(mint, 'the server is shutting down');
    },
  };
};

export type HttpTierService = ReturnType<typeof createHttpTierService>;
