import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EgressInfo, EgressStatus, FileInfo, SegmentsInfo, TrackSource, TrackType } from '@livekit/protocol';
import type { WebmSupportedCodec } from 'werift/nonstandard';
import type { Participant } from '../room/participant.ts';
import type { RoomManager } from '../room/room-manager.ts';
import type { Layer } from '../rtc/layer.ts';
import type { PublishedTrack } from '../rtc/published-track.ts';
import { type HlsPackager, type SegmentsTarget, startHlsPackager } from './hls-packager.ts';
import type { WebmScan } from './webm-file.ts';
import { type RecordedTrack, WebmRecorder } from './webm-recorder.ts';

/** How often an egress looks at its participant (joined? publishing? gone?). */
export const EGRESS_TICK_MS = 500;
/**
 * A camera with no microphone (or the reverse) after this long is recorded alone: a broadcast with one kind
 * only loses its first seconds.
 */
const AUDIO_WAIT_MS = 10_000;
/**
 * A WebM file's tracks are fixed by its header, so a recording begun with one kind cannot gain the other. When
 * the other kind arrives this soon after the start (a browser on a busy machine publishing its microphone
 * late), the recording starts again from scratch with both: its first seconds are lost, not the whole
 * broadcast's sound. Later than this, the recording goes on as it began.
 */
export const LATE_KIND_RESTART_MS = 60_000;
/**
 * For this long after it starts, an egress keeps asking for a keyframe on every tick: Chromium drops a request
 * that comes within its interval after the last keyframe (a viewer's), and nothing else asks again for us.
 */
const KEYFRAME_ASK_MS = 6_000;
/** An egress whose participant never publishes ends after this long, with no file. */
const PUBLISH_WAIT_MS = 120_000;

/** What is written beside a recording while it runs, so a restarted media server can finish the file. */
export interface RecordingMarker {
  egressId: string;
  roomName: string;
  roomId: string;
  identity: string;
  filename: string;
  startedAtMs: number;
}

export const markerPath = (path: string): string => `${path}.recording.json`;

/** Where an egress writes: one WebM file (a recording), or HLS segments made by ffmpeg (the HTTP tier). */
export type EgressOutput =
  | { kind: 'file'; path: string }
  | { kind: 'segments'; target: SegmentsTarget; ffmpegPath: string };

const ms2ns = (ms: number): bigint => BigInt(Math.round(ms)) * 1_000_000n;

/** The EgressInfo LiveKit reports for a segmented (HLS) participant egress: the playlist's name. */
export function segmentsInfo(m: RecordingMarker, status: EgressStatus, error = ''): EgressInfo {
  return new EgressInfo({
    egressId: m.egressId,
    roomId: m.roomId,
    roomName: m.roomName,
    status,
    startedAt: ms2ns(m.startedAtMs),
    updatedAt: ms2ns(Date.now()),
    error,
    segmentResults: [new SegmentsInfo({ playlistName: m.filename, playlistLocation: m.filename })],
  });
}

/** The EgressInfo LiveKit would report for a participant egress to one file. */
export function egressInfo(
  m: RecordingMarker,
  status: EgressStatus,
  file?: { endedAtMs: number; durationMs: number; size: number },
  error = '',
): EgressInfo {
  return new EgressInfo({
    egressId: m.egressId,
    roomId: m.roomId,
    roomName: m.roomName,
    status,
    startedAt: ms2ns(m.startedAtMs),
    endedAt: file ? ms2ns(file.endedAtMs) : 0n,
    updatedAt: ms2ns(Date.now()),
    error,
    fileResults: [
      new FileInfo({
        filename: m.filename,
        startedAt: ms2ns(m.startedAtMs),
        endedAt: file ? ms2ns(file.endedAtMs) : 0n,
        duration: file ? ms2ns(file.durationMs) : 0n,
        size: BigInt(file?.size ?? 0),
        location: m.filename,
      }),
    ],
  });
}

function webmCodec(track: PublishedTrack): WebmSupportedCodec {
  const mime = track.info.mimeType.toLowerCase();
  if (mime === 'video/h264') return 'MPEG4/ISO/AVC';
  if (mime.startsWith('video/')) return 'VP8';
  return 'OPUS';
}

/** The best layer that is receiving packets (simulcast: the top one the publisher sends now). */
function bestLayer(track: PublishedTrack): Layer | undefined {
  let best: Layer | undefined;
  for (const layer of track.layers.values()) {
    if (layer.packets > 0 && (!best || layer.quality > best.quality)) best = layer;
  }
  return best;
}

/**
 * LiveKit's participant egress for one identity in one room, to one WebM file: waits for the participant to
 * publish, records its camera (or screen share) and microphone as they arrive, and ends when the participant
 * leaves, the room closes, or StopEgress asks.
 */
export class ParticipantEgress {
  status = EgressStatus.EGRESS_STARTING;
  private recorder?: WebmRecorder;
  private packager?: HlsPackager;
  private participant?: Participant;
  private videoSid?: string;
  private videoTrack?: PublishedTrack;
  private videoLayer?: Layer;
  private beganAt = 0;
  private firstSeenAt?: number;
  private readonly createdAt = Date.now();
  private readonly timer: NodeJS.Timeout;
  private ending?: Promise<EgressInfo>;
  private restarting?: Promise<void>;
  private lastScan?: WebmScan;
  private recordedKinds: ('video' | 'audio')[] = [];

  constructor(
    readonly marker: RecordingMarker,
    private readonly output: EgressOutput,
    private readonly screenShare: boolean,
    private readonly rooms: RoomManager,
    private readonly onEnded: (info: EgressInfo) => void,
    private readonly onStarted: (info: EgressInfo) => void,
  ) {
    this.timer = setInterval(() => this.tick(), EGRESS_TICK_MS);
    this.timer.unref();
  }

  info(): EgressInfo {
    if (this.output.kind === 'segments') return segmentsInfo(this.marker, this.status);
    return egressInfo(this.marker, this.status);
  }

  /** One look at the room: start recording once there is something to record, end once it is gone. */
  tick(): void {
    if (this.ending || this.restarting) return;
    const room = this.rooms.get(this.marker.roomName);
    const p = room?.participants.get(this.marker.identity);
    if (this.recorder) {
      // The participant's session (a reload is a new one) or its video ended: so does this recording.
      if (!p || p !== this.participant || (this.videoSid && !p.tracks.has(this.videoSid))) void this.stop();
      else if (this.kinds.length === 1 && Date.now() - this.beganAt < LATE_KIND_RESTART_MS) {
        const { videoLayer, audioLayer } = this.sources(p);
        if (videoLayer && audioLayer) this.restart();
      }
      if (this.recorder && this.videoLayer && Date.now() - this.beganAt < KEYFRAME_ASK_MS)
        this.videoTrack?.requestKeyframe(this.videoLayer);
      return;
    }
    if (!room || Date.now() - this.createdAt > PUBLISH_WAIT_MS) {
      void this.stop('nothing was published');
      return;
    }
    if (!p) return;
    const { video, audio, videoLayer, audioLayer } = this.sources(p);
    if (!videoLayer && !audioLayer) return;
    // One kind alone: the other is often published a moment later (livekit-client publishes them in turn).
    if (!videoLayer || !audioLayer) {
      this.firstSeenAt ??= Date.now();
      if (Date.now() - this.firstSeenAt < AUDIO_WAIT_MS) return;
    }
    try {
      this.begin(
        p,
        video && videoLayer ? { track: video, layer: videoLayer } : undefined,
        audio && audioLayer,
      );
    } catch (err) {
      // A full disk or an unwritable folder: this egress ends, and says why; the stream goes on.
      void this.stop(`could not start the recording: ${(err as Error).message}`);
    }
  }

  /** The participant's camera (or screen share) and microphone, with the best layer of each that has packets. */
  private sources(p: Participant) {
    const tracks = [...p.tracks.values()];
    const videoSource = this.screenShare ? TrackSource.SCREEN_SHARE : TrackSource.CAMERA;
    const video = tracks.find((t) => t.info.type === TrackType.VIDEO && t.info.source === videoSource);
    const audio = tracks.find(
      (t) => t.info.type === TrackType.AUDIO && t.info.source === TrackSource.MICROPHONE,
    );
    return { video, audio, videoLayer: video && bestLayer(video), audioLayer: audio && bestLayer(audio) };
  }

  /** The kinds the running recording holds (empty before it begins). */
  get kinds(): ReadonlyArray<'video' | 'audio'> {
    return this.recordedKinds;
  }

  /**
   * Drops the running recording (one kind) to begin again with both on a later tick; `stop` during this waits
   * for it and ends with what was written.
   */
  private restart(): void {
    const { recorder, packager } = this;
    this.rooms.services.log.info('recording_restarted', {
      egress: this.marker.egressId,
      reason: 'the other kind was published late',
    });
    this.restarting = (async () => {
      this.lastScan = await recorder?.stop().catch(() => undefined);
      await packager?.stop();
      this.videoTrack?.release(this);
      this.recorder = undefined;
      this.packager = undefined;
      this.videoSid = undefined;
      this.videoTrack = undefined;
      this.videoLayer = undefined;
      this.recordedKinds = [];
    })().finally(() => {
      this.restarting = undefined;
    });
  }

  private begin(p: Participant, video: { track: PublishedTrack; layer: Layer } | undefined, audio?: Layer) {
    const recorded: RecordedTrack[] = [];
    if (video) {
      const layerInfo = video.track.info.layers.find((l) => l.quality === video.layer.quality);
      recorded.push({
        kind: 'video',
        codec: webmCodec(video.track),
        track: video.layer.track,
        width: layerInfo?.width || video.track.info.width || undefined,
        height: layerInfo?.height || video.track.info.height || undefined,
      });
      this.videoSid = video.track.sid;
      // Dynacast would switch this layer off when nobody watches, leaving the file without video: hold it.
      video.track.hold(this, video.layer.quality);
      this.videoTrack = video.track;
      this.videoLayer = video.layer;
    }
    if (audio) recorded.push({ kind: 'audio', codec: 'OPUS', track: audio.track });
    this.recordedKinds = recorded.map((t) => t.kind);
    this.participant = p;
    this.beganAt = Date.now();
    // The file's time zero: what a replay lines chat and prices up against (the egress may have waited).
    this.marker.startedAtMs = Date.now();
    const onError = (err: Error) => {
      this.rooms.services.log.warn('recording_write_failed', {
        egress: this.marker.egressId,
        error: err.message,
      });
      void this.stop('could not write the recording');
    };
    if (this.output.kind === 'file') {
      mkdirSync(dirname(this.output.path), { recursive: true });
      writeFileSync(markerPath(this.output.path), JSON.stringify(this.marker));
      this.recorder = new WebmRecorder(this.output.path, recorded, onError);
    } else {
      this.packager = startHlsPackager(this.output.ffmpegPath, this.output.target, (reason) => {
        this.rooms.services.log.warn('hls_packager_ended', { egress: this.marker.egressId, reason });
        void this.stop(reason);
      });
      this.recorder = new WebmRecorder(this.packager.input, recorded, onError, true);
    }
    // A recording opens on a keyframe: ask for one now rather than wait for the encoder's next.
    if (video) video.track.requestKeyframe(video.layer, false, true);
    if (this.status === EgressStatus.EGRESS_ACTIVE) return; // a restart: LiveKit reports the start once
    this.status = EgressStatus.EGRESS_ACTIVE;
    this.onStarted(this.info());
  }

  /** Ends the egress (once): finishes the file, or removes it when nothing was recorded. */
  stop(error = ''): Promise<EgressInfo> {
    this.ending ??= (async () => {
      clearInterval(this.timer);
      await this.restarting;
      this.videoTrack?.release(this);
      this.status = EgressStatus.EGRESS_ENDING;
      // Ended while restarting: the file holds what the first start wrote.
      let scan: WebmScan | undefined = this.lastScan;
      if (this.recorder) scan = await this.recorder.stop().catch(() => undefined);
      let info: EgressInfo;
      if (this.output.kind === 'segments') {
        await this.packager?.stop();
        const status = error ? EgressStatus.EGRESS_FAILED : EgressStatus.EGRESS_COMPLETE;
        info = segmentsInfo(this.marker, status, error);
      } else {
        rmSync(markerPath(this.output.path), { force: true });
        info = finishedInfo(this.marker, this.output.path, scan, error);
      }
      this.status = info.status;
      this.onEnded(info);
      return info;
    })();
    return this.ending;
  }
}

/** The final EgressInfo of a file: complete with its duration and size, or failed (and removed) when empty. */
export function finishedInfo(
  marker: RecordingMarker,
  path: string,
  scan: WebmScan | undefined,
  error: string,
  status = EgressStatus.EGRESS_COMPLETE,
): EgressInfo {
  if (!scan || scan.durationMs <= 0 || scan.blocks === 0) {
    rmSync(path, { force: true });
    return egressInfo(marker, EgressStatus.EGRESS_FAILED, undefined, error || 'nothing was recorded');
  }
  const size = statSync(path).size;
  return egressInfo(
    marker,
    status,
    { endedAtMs: marker.startedAtMs + scan.durationMs, durationMs: scan.durationMs, size },
    error,
  );
}
