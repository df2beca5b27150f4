import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { type EgressInfo, EgressStatus, ParticipantEgressRequest } from '@livekit/protocol';
import { guid } from '../ids.ts';
import type { RoomManager } from '../room/room-manager.ts';
import type { WebhookNotifier } from '../webhooks.ts';
import {
  type EgressOutput,
  finishedInfo,
  markerPath,
  ParticipantEgress,
  type RecordingMarker,
} from './participant-egress.ts';
import { finishWebm } from './webm-file.ts';

/** What a caller may name a file: a relative path of plain segments, ending in .webm. */
const FILEPATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\.webm$/;
/**
 * Segments (the HTTP tier) go only to `hls/<folder>/<prefix>`: the folder is emptied at start and at the end, so
 * it must never be a recordings folder.
 */
const SEGMENT_PREFIX = /^hls\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,32})$/;
const PLAYLIST_NAME = /^[A-Za-z0-9_-]{1,32}\.m3u8$/;

export class EgressError extends Error {
  constructor(
    readonly code: 'invalid_argument' | 'not_found' | 'unavailable' | 'already_exists',
    message: string,
  ) {
    super(message);
  }
}

/**
 * LiveKit's Egress service, the part the API server uses: participant egress to a WebM file under the
 * recordings folder (`StartParticipantEgress`, `StopEgress`, `ListEgress`), with `egress_started` and
 * `egress_ended` webhooks. Recording happens off the forwarding path: the recorder reads the same incoming
 * packets the forwarder does and never transcodes.
 */
export class EgressManager {
  private readonly active = new Map<string, ParticipantEgress>();

  constructor(
    private readonly dir: string | undefined,
    private readonly rooms: RoomManager,
    private readonly webhooks: WebhookNotifier,
    private readonly ffmpegPath = 'ffmpeg',
  ) {}

  /** Where a caller's file path lands, refused when it could leave the recordings folder. */
  private resolve(filepath: string): string {
    if (!this.dir) throw new EgressError('unavailable', 'recording is not configured on this media server');
    if (!FILEPATH.test(filepath) || filepath.split('/').some((s) => s === '.' || s === '..'))
      throw new EgressError('invalid_argument', 'filepath must be a relative path ending in .webm');
    const full = normalize(join(this.dir, filepath));
    const rel = relative(this.dir, full);
    if (rel.startsWith('..') || isAbsolute(rel))
      throw new EgressError('invalid_argument', 'filepath escapes');
    return full;
  }

  startParticipant(body: unknown): EgressInfo {
    let req: ParticipantEgressRequest;
    try {
      req = ParticipantEgressRequest.fromJson(body as never, { ignoreUnknownFields: true });
    } catch (err) {
      throw new EgressError('invalid_argument', `invalid request body: ${(err as Error).message}`);
    }
    if (!req.roomName || !req.identity)
      throw new EgressError('invalid_argument', 'room_name and identity are required');
    const outputs = req.fileOutputs.length + req.segmentOutputs.length + req.streamOutputs.length;
    if (outputs !== 1)
      throw new EgressError('invalid_argument', 'exactly one file or segments output is supported');
    const { output, filename } = this.output(req);
    const room = this.rooms.get(req.roomName);
    if (!room) throw new EgressError('not_found', 'requested room does not exist');
    for (const e of this.active.values()) {
      if (e.marker.filename === filename) throw new EgressError('already_exists', 'file is being recorded');
    }
    if (output.kind === 'file' && existsSync(output.path))
      throw new EgressError('already_exists', 'file exists');
    const marker: RecordingMarker = {
      egressId: guid('EG_'),
      roomName: req.roomName,
      roomId: room.sid,
      identity: req.identity,
      filename,
      startedAtMs: Date.now(),
    };
    const egress = new ParticipantEgress(
      marker,
      output,
      req.screenShare,
      this.rooms,
      (info) => {
        this.active.delete(marker.egressId);
        this.notify('egress_ended', info);
      },
      (info) => this.notify('egress_started', info),
    );
    this.active.set(marker.egressId, egress);
    this.rooms.services.log.info('egress_created', { egress: marker.egressId, room: req.roomName });
    return egress.info();
  }

  /** The one output a request names: a WebM file, or HLS segments under `hls/` (ffmpeg, decision 026). */
  private output(req: ParticipantEgressRequest): { output: EgressOutput; filename: string } {
    const file = req.fileOutputs[0];
    if (file) {
      if (file.output.case)
        throw new EgressError('invalid_argument', 'uploads are not supported: files stay local');
      return { output: { kind: 'file', path: this.resolve(file.filepath) }, filename: file.filepath };
    }
    const segments = req.segmentOutputs[0];
    if (!segments)
      throw new EgressError('invalid_argument', 'exactly one file or segments output is supported');
    if (!this.dir) throw new EgressError('unavailable', 'recording is not configured on this media server');
    if (segments.output.case)
      throw new EgressError('invalid_argument', 'uploads are not supported: segments stay local');
    const prefix = SEGMENT_PREFIX.exec(segments.filenamePrefix);
    if (!prefix || !PLAYLIST_NAME.test(segments.playlistName))
      throw new EgressError(
        'invalid_argument',
        'segments need filename_prefix "hls/<folder>/<prefix>" and a playlist_name ending in .m3u8',
      );
    const dir = join(this.dir, 'hls', prefix[1] as string);
    const target = {
      dir,
      playlist: segments.playlistName,
      segmentPrefix: prefix[2] as string,
      segmentSeconds: Math.min(Math.max(segments.segmentDuration || 1, 1), 6),
    };
    return {
      output: { kind: 'segments', target, ffmpegPath: this.ffmpegPath },
      filename: `hls/${prefix[1]}/${segments.playlistName}`,
    };
  }

  async stop(egressId: string): Promise<EgressInfo> {
    const egress = this.active.get(egressId);
    if (!egress) throw new EgressError('not_found', 'egress does not exist or has ended');
    return egress.stop();
  }

  list(roomName?: string, egressId?: string): EgressInfo[] {
    return [...this.active.values()]
      .filter(
        (e) => (!roomName || e.marker.roomName === roomName) && (!egressId || e.marker.egressId === egressId),
      )
      .map((e) => e.info());
  }

  /** Shutdown: every recording is finished and announced. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.active.values()].map((e) => e.stop('media server shut down')));
  }

  /**
   * At start: recordings a previous run left unfinished (killed mid-write) are cut back to their last whole
   * block, given their real duration, and announced as ended (aborted), so nothing recorded before the kill
   * is lost and the API learns the file is there.
   */
  recover(): void {
    if (!this.dir || !existsSync(this.dir)) return;
    for (const markerFile of findMarkers(this.dir)) {
      let marker: RecordingMarker;
      try {
        marker = JSON.parse(readFileSync(markerFile, 'utf8')) as RecordingMarker;
      } catch {
        rmSync(markerFile, { force: true });
        continue;
      }
      const path = markerFile.slice(0, -'.recording.json'.length);
      const scan = existsSync(path) ? finishWebm(path) : undefined;
      rmSync(markerPath(path), { force: true });
      const info = finishedInfo(
        marker,
        path,
        scan,
        'the media server stopped while recording; kept up to then',
        EgressStatus.EGRESS_ABORTED,
      );
      this.rooms.services.log.info('recording_recovered', {
        egress: marker.egressId,
        durationMs: scan?.durationMs ?? 0,
      });
      this.notify('egress_ended', info);
    }
  }

  private notify(event: 'egress_started' | 'egress_ended', info: EgressInfo): void {
    this.webhooks.notify(event, { egressInfo: info });
  }
}

function findMarkers(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.recording.json'))
      out.push(join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name));
  }
  return out.filter((p) => !p.split(sep).includes('..'));
}
