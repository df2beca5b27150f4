import type { WebmInput } from 'werift/nonstandard';

/** 20 ms of Opus silence: one CELT fullband frame (TOC 0xf8) that every Opus decoder reads as silence. */
export const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const OPUS_FRAME_MS = 20;
/** Video time without any audio arriving after which the gap is filled with silence. */
export const AUDIO_GAP_MS = 1_000;

/**
 * Keeps the audio of a live WebM going while the publisher sends none, for the HTTP tier's ffmpeg (decision 026,
 * amended by 027): ffmpeg writes no segment until its audio encoder has had a frame, and its muxer holds video
 * back while audio is missing. A browser's microphone starts seconds after its camera (its first RTCP sender
 * report comes late, and lip sync waits for it) or is muted for good; either way ffmpeg then wrote nothing.
 *
 * Video frames pass through. Until audio arrives, and again whenever none has arrived for `AUDIO_GAP_MS` of video
 * time, 20 ms Opus silence frames are written up to the video's time. Real audio whose time is not after what
 * was already written is dropped (timestamps of a track never go back), so at most `AUDIO_GAP_MS` of sound is
 * lost when the microphone comes (back).
 */
export class AudioGapFiller {
  /** Time (ms) of the last audio frame handed on, real or silent. */
  private lastAudio?: number;
  /** Video time (ms) when real audio last arrived. */
  private realAudioAt?: number;
  private videoTime?: number;
  /** The WebM begins at the first video keyframe (werift drops what comes before): so does the silence. */
  private keyframeSeen = false;
  /** Silence frames written so far. */
  silentFrames = 0;

  constructor(
    private readonly video: (input: WebmInput) => void,
    private readonly audio: (input: WebmInput) => void,
  ) {}

  readonly inputVideo = (input: WebmInput): void => {
    this.video(input);
    if (!input.frame) return;
    const t = input.frame.time;
    this.videoTime = t;
    this.keyframeSeen ||= input.frame.isKeyframe;
    if (!this.keyframeSeen) return;
    const silent = this.realAudioAt === undefined || t - this.realAudioAt > AUDIO_GAP_MS;
    if (!silent) return;
    let next = this.lastAudio === undefined ? t : this.lastAudio + OPUS_FRAME_MS;
    for (; next <= t; next += OPUS_FRAME_MS) {
      this.audio({ frame: { data: OPUS_SILENCE, isKeyframe: true, time: next } });
      this.lastAudio = next;
      this.silentFrames++;
    }
  };

  readonly inputAudio = (input: WebmInput): void => {
    if (!input.frame) {
      this.audio(input);
      return;
    }
    this.realAudioAt = this.videoTime ?? input.frame.time;
    if (this.lastAudio !== undefined && input.frame.time <= this.lastAudio) return;
    this.lastAudio = input.frame.time;
    this.audio(input);
  };
}
