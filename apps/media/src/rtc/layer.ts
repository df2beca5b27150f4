import { VideoQuality } from '@livekit/protocol';
import { type MediaStreamTrack, uint16Gt } from 'werift';

/** One incoming encoding of a published track: a simulcast rid, or the only stream. */
export interface Layer {
  /** `q` / `h` / `f`, or '' when the track is not simulcast. */
  rid: string;
  quality: VideoQuality;
  ssrc?: number;
  track: MediaStreamTrack;
  lastPacketAt: number;
  packets: number;
  /** Numbering seen from the publisher (padding included): how many numbers were due, how many came. */
  expected: number;
  received: number;
  highestSeq?: number;
}

/** Counts one incoming packet's number: what the publisher's uplink lost is `expected - received`. */
export function countIncoming(layer: Layer, seq: number): void {
  if (layer.highestSeq === undefined) {
    layer.highestSeq = seq;
    layer.expected = 1;
  } else if (uint16Gt(seq, layer.highestSeq)) {
    layer.expected += (seq - layer.highestSeq) & 0xffff;
    layer.highestSeq = seq;
  }
  layer.received++;
}

/** livekit-client names its encodings q/h/f, lowest first; anything else counts as HIGH. */
export function qualityForRid(rid: string): VideoQuality {
  if (rid === 'q') return VideoQuality.LOW;
  if (rid === 'h') return VideoQuality.MEDIUM;
  return VideoQuality.HIGH;
}

/** A layer is usable while its packets keep coming; Chrome drops top layers under pressure. */
export const LAYER_STALE_MS = 1_500;
