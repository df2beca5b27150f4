import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import {
  CLIPS_PER_STREAM_PER_HOUR,
  CLIPS_PER_VIEWER_PER_HOUR,
  clipPosterPath,
  clipVideoPath,
  type TClip,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../http/errors.ts';
import type { RecordingFiles } from '../recordings/recording-files.ts';
import type { RecordingRow, RecordingsRepository } from '../recordings/recordings.repository.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { ClipCutter } from './clip-cutter.ts';
import type { ClipRow, ClipsRepository } from './clips.repository.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

export const CLIPS_UNAVAILABLE = 'Clips are unavailable on this server: ffmpeg is not installed';
export const CLIP_NOT_FOUND = 'Clip not found';
export const CLIP_REMOVED = 'This clip was removed';
export const CLIP_NOT_LIVE = 'Only a live stream can be clipped';
export const CLIP_REPLAY_NOT_FOUND = 'Replay not found';
export const CLIP_REPLAY_DELETED = 'This replay was deleted';
export const CLIP_REPLAY_NOT_READY = 'This replay is still being recorded; clip the live stream instead';
export const CLIP_PAST_END = 'The clip ends after the replay does';
export const CLIP_NOT_RECORDED = 'This stream is not being recorded, so it cannot be clipped';
export const CLIP_NOTHING_YET = 'Nothing has been recorded yet; try again in a few seconds';
export const CLIP_LIVE_FROM_S3 =
  'Live clips need the recording on this server; this one is uploaded when the broadcast ends: clip its replay then';
export const CLIP_TURNED_OFF = 'The creator turned clipping off for this stream';
export const CLIP_FAILED = 'The clip could not be made; try again';
export const CLIP_REMOVE_REFUSED =
  'Only the clip’s author, the stream’s creator or moderators, or an administrator can remove it';
export const CLIP_SETTINGS_REFUSED = 'Only the stream creator can change clipping';
/** How many clips a stream's gallery shows. */
export const CLIP_LIST_LIMIT = 50;
const HOUR_MS = 60 * 60 * 1000;

export const toClip = (row: ClipRow): TClip => ({
  id: row.id,
  mint: row.stream_id,
  title: row.title,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  durationMs: row.duration_ms,
  width: row.width,
  height: row.height,
  videoUrl: clipVideoPath(row.id),
  posterUrl: clipPosterPath(row.id),
});

/** Where a clip's files go, beside the recordings (relative to that folder). */
const clipFiles = (mint: string, id: string) => ({
  video: `clips/${mint}/${id}.mp4`,
  poster: `clips/${mint}/${id}.jpg`,
});

/**
 * Clip rules: a signed-in viewer cuts the last seconds of a live stream's current recording (unless the creator
 * turned clipping off, within per-viewer and per-stream hourly limits); the cut runs in ffmpeg, never on the
 * media server. Clips are public; their author, the stream's staff and administrators remove them.
 */
export const createClipsService = (deps: {
  repo: ClipsRepository;
  recordings: Pick<RecordingsRepository, 'active' | 'find'>;
  streams: Pick<StreamsService, 'get'>;
  access: Pick<Access, 'role' | 'requireCreator' | 'isAdmin'>;
  /** Where clips are written (and, with the embedded media server, the recordings read); undefined: no clips. */
  files?: RecordingFiles;
  /**
   * With an S3 store (an external LiveKit's Egress, decision 035): what ffmpeg reads a finished recording from
   * (a presigned URL). Recordings being written are not readable then, so live clips are refused.
   */
  remoteRecording?: (filePath: string) => Promise<string>;
  cutter: ClipCutter;
  now: () => number;
  log: Log;
  /** The administrators' audit log, for a clip an admin takes down. */
  audit: (entry: { admin: string; action: 'remove_clip'; target: string; reason: string }) => Promise<void>;
}) => {
  const { repo, files, cutter, log } = deps;

  const existing = async (id: string): Promise<ClipRow> => {
    const row = await repo.find(id);
    if (!row) throw notFound(CLIP_NOT_FOUND);
    if (row.deleted_at) throw new AppError(410, 'gone', CLIP_REMOVED);
    return row;
  };

  /** The recording's time zero: the media server's marker beside the file (its first frame), if written yet. */
  const timeZero = async (filePath: string): Promise<number | undefined> => {
    if (!files) return undefined;
    const marker = await readFile(`${files.resolve(filePath)}.recording.json`, 'utf8').catch(() => undefined);
    if (!marker) return undefined;
    const at = (JSON.parse(marker) as { startedAtMs?: unknown }).startedAtMs;
    return typeof at === 'number' && at > 0 ? at : undefined;
  };

  /** ffmpeg here, the creator's switch on, and the viewer's and the stream's hourly limits not reached. */
  const mayClip = async (actor: string, mint: string): Promise<RecordingFiles> => {
    if (!files || !(await cutter.available()))
      throw new AppError(503, 'clips_unavailable', CLIPS_UNAVAILABLE);
    if (!(await repo.isEnabled(mint))) throw forbidden(CLIP_TURNED_OFF);
    const since = new Date(deps.now() - HOUR_MS);
    if ((await repo.countSince({ createdBy: actor }, since)) >= CLIPS_PER_VIEWER_PER_HOUR)
      throw tooManyRequests(`You can make ${CLIPS_PER_VIEWER_PER_HOUR} clips an hour; try again later`);
    if ((await repo.countSince({ streamId: mint }, since)) >= CLIPS_PER_STREAM_PER_HOUR)
      throw tooManyRequests('This stream has had too many clips this hour; try again later');
    return files;
  };

  /** Cuts `seconds` ending at `endMs` of a recording in ffmpeg (never on the media server) and keeps the clip. */
  const cutAndKeep = async (
    files: RecordingFiles,
    actor: string,
    recording: Pick<RecordingRow, 'id' | 'stream_id' | 'file_path'>,
    input: { endMs: number; seconds: number; title: string },
  ): Promise<TClip> => {
    const mint = recording.stream_id;
    const { endMs } = input;
    const startMs = Math.max(0, endMs - input.seconds * 1000);
    const id = randomUUID();
    const paths = clipFiles(mint, id);
    const out = { video: files.resolve(paths.video), poster: files.resolve(paths.poster) };
    const cleanUp = () => Promise.all([rm(out.video, { force: true }), rm(out.poster, { force: true })]);
    let cut: Awaited<ReturnType<ClipCutter['cut']>>;
    try {
      const input = deps.remoteRecording
        ? await deps.remoteRecording(recording.file_path)
        : files.resolve(recording.file_path);
      cut = await cutter.cut(input, { startMs, durationMs: endMs - startMs }, out);
    } catch (err) {
      // A full disk, a file the media server just finished and moved on from: the clip fails, nothing else.
      log.warn({ err, mint }, 'clip: ffmpeg failed');
      await cleanUp();
      throw new AppError(503, 'clip_failed', CLIP_FAILED);
    }
    if (cut.durationMs <= 0) {
      await cleanUp();
      throw conflict(CLIP_NOTHING_YET);
    }
    const row = await repo.insert({
      id,
      stream_id: mint,
      recording_id: recording.id,
      created_by: actor,
      title: input.title,
      start_ms: startMs,
      duration_ms: cut.durationMs,
      width: cut.width,
      height: cut.height,
      file_path: paths.video,
      poster_path: paths.poster,
      created_at: new Date(deps.now()),
    });
    return toClip(row);
  };

  return {
    /** Whether clips can be made on this server at all (ffmpeg present, recordings here). */
    async available(): Promise<boolean> {
      return Boolean(files) && (await cutter.available());
    },

    async create(actor: string, mint: string, input: { seconds: number; title: string }): Promise<TClip> {
      const stream = await deps.streams.get(mint);
      if (!stream.is_currently_live) throw conflict(CLIP_NOT_LIVE);
      const here = await mayClip(actor, mint);
      if (deps.remoteRecording) throw conflict(CLIP_LIVE_FROM_S3);
      const recording = await deps.recordings.active(mint);
      if (!recording) throw conflict(CLIP_NOT_RECORDED);
      const zero = await timeZero(recording.file_path);
      const endMs = zero === undefined ? 0 : deps.now() - zero;
      if (endMs < 1000) throw conflict(CLIP_NOTHING_YET);
      return cutAndKeep(here, actor, recording, { endMs, seconds: input.seconds, title: input.title });
    },

    /**
     * A clip of a past broadcast: the `seconds` before `endMs` (the replay's playhead), under the same switch
     * and limits as a live clip.
     */
    async createFromReplay(
      actor: string,
      recordingId: string,
      input: { seconds: number; title: string; endMs: number },
    ): Promise<TClip> {
      const recording = await deps.recordings.find(recordingId);
      if (!recording || recording.status === 'failed') throw notFound(CLIP_REPLAY_NOT_FOUND);
      if (recording.deleted_at) throw new AppError(410, 'gone', CLIP_REPLAY_DELETED);
      if (recording.status !== 'ready') throw conflict(CLIP_REPLAY_NOT_READY);
      if (recording.duration_ms !== null && input.endMs > recording.duration_ms)
        throw badRequest(CLIP_PAST_END);
      return cutAndKeep(await mayClip(actor, recording.stream_id), actor, recording, input);
    },

    async get(id: string): Promise<TClip> {
      return toClip(await existing(id));
    },

    async list(mint: string): Promise<TClip[]> {
      await deps.streams.get(mint); // 404 for a stream that does not exist
      return (await repo.listForStream(mint, CLIP_LIST_LIMIT)).map(toClip);
    },

    /** The file to serve: the MP4 or its poster. */
    async file(id: string, which: 'video' | 'poster'): Promise<string> {
      const row = await existing(id);
      if (!files) throw new AppError(503, 'clips_unavailable', CLIPS_UNAVAILABLE);
      return files.resolve(which === 'video' ? row.file_path : row.poster_path);
    },

    async remove(id: string, actor: string): Promise<void> {
      const row = await existing(id);
      const isAdmin = deps.access.isAdmin(actor);
      const allowed =
        isAdmin || row.created_by === actor || (await deps.access.role(row.stream_id, actor)) !== 'viewer';
      if (!allowed) throw forbidden(CLIP_REMOVE_REFUSED);
      if (files) await Promise.all([files.remove(row.file_path), files.remove(row.poster_path)]);
      await repo.markDeleted(id, isAdmin ? `admin:${actor}` : actor, new Date(deps.now()));
    },

    /** An administrator takes a (reported) clip down, saying why: the audit log keeps it. */
    async removeAsAdmin(admin: string, id: string, reason: string): Promise<void> {
      const row = await existing(id);
      await this.remove(id, admin);
      await deps.audit({ admin, action: 'remove_clip', target: `clip ${id} (${row.stream_id})`, reason });
    },

    async settings(actor: string, mint: string): Promise<{ enabled: boolean }> {
      await deps.access.requireCreator(actor, mint, CLIP_SETTINGS_REFUSED);
      return { enabled: await repo.isEnabled(mint) };
    },

    async setSettings(actor: string, mint: string, enabled: boolean): Promise<{ enabled: boolean }> {
      await deps.access.requireCreator(actor, mint, CLIP_SETTINGS_REFUSED);
      await repo.setEnabled(mint, enabled);
      return { enabled };
    },
  };
};

export type ClipsService = ReturnType<typeof createClipsService>;
