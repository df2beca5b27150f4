import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import type { MediaStreamTrack } from 'werift';
import {
  DepacketizeCallback,
  JitterBufferCallback,
  LipsyncCallback,
  NtpTimeCallback,
  RtcpSourceCallback,
  RtpSourceCallback,
  RtpTimeCallback,
  WebmCallback,
  type WebmSupportedCodec,
} from 'werift/nonstandard';
import { AudioGapFiller } from './audio-gap-filler.ts';
import { finishWebm, reserveSeekHead, type WebmScan } from './webm-file.ts';

/** One incoming track (one simulcast layer for video) to record. */
export interface RecordedTrack {
  kind: 'video' | 'audio';
  codec: WebmSupportedCodec;
  track: MediaStreamTrack;
  width?: number;
  height?: number;
}

/**
 * A placeholder Duration in the header until the recording ends (werift's own default): the element must be
 * there from the start to be patched in place. A file cut before the end gets the real one from its blocks.
 */
const PLACEHOLDER_DURATION_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the RTP of a participant's tracks into a WebM file as it arrives: frames are depacketized, never
 * decoded or encoded (werift's jitter buffer, depacketizer, lip sync and WebM muxer). Each frame's bytes go to
 * the file as soon as the muxer has them, in clusters that begin at every video keyframe, so a media server
 * that dies loses only what the jitter buffer and lip sync hold (about a second), and `finishWebm` makes the
 * rest playable.
 */
export class WebmRecorder {
  private readonly file: Writable;
  private readonly webm: WebmCallback;
  private readonly unsubscribers: (() => void)[] = [];
  private readonly ended: Promise<void>;
  private stopped?: Promise<WebmScan | undefined>;
  /** Bytes handed to the file so far. */
  bytes = 0;

  /**
   * `out`: a file path, or a stream (the HTTP tier's ffmpeg) that gets the same bytes and is never finished.
   * `fillAudioGaps`: silence is written while a recorded microphone sends nothing (the HTTP tier, AudioGapFiller).
   */
  constructor(
    readonly out: string | Writable,
    tracks: RecordedTrack[],
    private readonly onError: (err: Error) => void,
    fillAudioGaps = false,
  ) {
    if (typeof out === 'string') {
      mkdirSync(dirname(out), { recursive: true });
      this.file = createWriteStream(out, { flags: 'w' });
    } else this.file = out;
    this.file.on('error', (err) => this.onError(err));
    const inputs = tracks.map((t, i) => ({
      ...t,
      trackNumber: i + 1,
      clockRate: t.kind === 'video' ? 90_000 : 48_000,
    }));
    this.webm = new WebmCallback(
      inputs.map(({ kind, codec, clockRate, trackNumber, width, height }) => ({
        kind,
        codec,
        clockRate,
        trackNumber,
        width: width ?? 1280,
        height: height ?? 720,
      })),
      { duration: PLACEHOLDER_DURATION_MS },
    );
    let onEnded: () => void = () => undefined;
    this.ended = new Promise((r) => {
      onEnded = r;
    });
    this.webm.pipe(async (out) => {
      // werift's own Cues are replaced by finishWebm's (its cluster positions count from the file's start).
      if (out.saveToFile && out.kind !== 'cuePoints') {
        const bytes = out.kind === 'initial' ? reserveSeekHead(out.saveToFile) : out.saveToFile;
        this.bytes += bytes.length;
        this.file.write(bytes);
      }
      if (out.eol) onEnded();
    });
    // Audio and video are put on one clock by the senders' RTCP reports (NTP time) and lip sync; a recording
    // of one track needs neither and starts with its first packet.
    const sync = inputs.length > 1;
    const filler =
      sync && fillAudioGaps ? new AudioGapFiller(this.webm.inputVideo, this.webm.inputAudio) : undefined;
    const lipsync = sync ? new LipsyncCallback({}) : undefined;
    for (const input of inputs) {
      const rtp = new RtpSourceCallback();
      const rtcp = new RtcpSourceCallback();
      const time = sync ? new NtpTimeCallback(input.clockRate) : new RtpTimeCallback(input.clockRate);
      const toWebm =
        input.kind === 'video'
          ? (filler?.inputVideo ?? this.webm.inputVideo)
          : (filler?.inputAudio ?? this.webm.inputAudio);
      if (input.kind === 'video') {
        const jitter = new JitterBufferCallback(input.clockRate, {});
        const depacketizer = new DepacketizeCallback(input.codec, {
          isFinalPacketInSequence: (h) => h.marker,
        });
        rtp.pipe(jitter.input);
        jitter.pipe(time.input);
        rtcp.pipe(time.input);
        time.pipe(depacketizer.input);
        if (lipsync) {
          depacketizer.pipe(lipsync.inputVideo);
          lipsync.pipeVideo(toWebm);
        } else depacketizer.pipe(toWebm);
      } else {
        const depacketizer = new DepacketizeCallback(input.codec);
        rtp.pipe(time.input);
        rtcp.pipe(time.input);
        time.pipe(depacketizer.input);
        if (lipsync) {
          depacketizer.pipe(lipsync.inputAudio);
          lipsync.pipeAudio(toWebm);
        } else depacketizer.pipe(toWebm);
      }
      // The processors keep the packet they are given: the forwarder's own copy must not be shared with them.
      const a = input.track.onReceiveRtp.subscribe((packet) => rtp.input(packet.clone()));
      const b = input.track.onReceiveRtcp.subscribe((packet) => rtcp.input(packet));
      this.unsubscribers.push(a.unSubscribe, b.unSubscribe);
    }
  }

  /**
   * Stops taking packets, writes the cues, closes the file and sets its duration. What the jitter buffer and
   * lip sync still hold is dropped (well under a second).
   */
  stop(): Promise<WebmScan | undefined> {
    this.stopped ??= (async () => {
      for (const unsubscribe of this.unsubscribers) unsubscribe();
      if (!this.webm.stopped) this.webm.stop();
      await this.ended;
      if (typeof this.out !== 'string') return undefined;
      await new Promise<void>((resolve) => this.file.end(() => resolve()));
      return finishWebm(this.out);
    })();
    return this.stopped;
  }
}
