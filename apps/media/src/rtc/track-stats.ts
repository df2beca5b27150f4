import type { RtpPacket } from 'werift';
import type { Layer } from './layer.ts';

/** What one published track receives from its publisher: the health the broadcaster's cockpit shows. */
export interface TrackHealth {
  sid: string;
  kind: 'audio' | 'video';
  mimeType: string;
  /** RTP payload received over the window, all layers together (as a sender's getStats bytesSent counts). */
  bitrateKbps: number;
  /** Frames per second of the best layer (distinct RTP timestamps); 0 for audio. */
  fps: number;
  /** Sequence numbers that never arrived over the window, in percent. */
  lossPct: number;
  /** From the last VP8 keyframe header or H.264 SPS; null for audio or before the first one. */
  width: number | null;
  height: number | null;
}

/** Rates are measured over about this long: smooth enough to read, recent enough to warn in time. */
export const STATS_WINDOW_MS = 2_000;

interface Mark {
  at: number;
  bytes: number;
  frames: number;
  expected: number;
  received: number;
}

interface LayerCounters {
  layer: Layer;
  bytes: number;
  frames: number;
  lastTimestamp?: number;
  width?: number;
  height?: number;
  marks: Mark[];
}

/**
 * Incoming counters of one published track's layers, marked every tick, so that the rates over the last
 * STATS_WINDOW_MS can be read at any moment. Loss comes from the layer's own sequence accounting.
 */
export class TrackStats {
  private readonly layers = new Map<Layer, LayerCounters>();

  constructor(
    private readonly sid: string,
    private readonly kind: 'audio' | 'video',
    private readonly mimeType: string,
  ) {}

  /** One incoming packet; `size` when it declares the frame size (a VP8 keyframe header, an H.264 SPS). */
  onPacket(layer: Layer, rtp: RtpPacket, size?: { width: number; height: number }): void {
    const c = this.counters(layer);
    c.bytes += rtp.payload.length;
    if (rtp.payload.length > 0 && this.kind === 'video' && rtp.header.timestamp !== c.lastTimestamp) {
      c.lastTimestamp = rtp.header.timestamp;
      c.frames++;
    }
    if (size) {
      c.width = size.width;
      c.height = size.height;
    }
  }

  /** Marks the counters now (every tick), forgetting marks older than the window. */
  mark(now: number): void {
    for (const c of this.layers.values()) {
      c.marks.push({ at: now, bytes: c.bytes, frames: c.frames, ...sequence(c.layer) });
      while (c.marks.length > 1 && now - (c.marks[1] as Mark).at >= STATS_WINDOW_MS) c.marks.shift();
    }
  }

  /** The rates since the oldest mark in the window; zeros before the first one. */
  read(now: number): TrackHealth {
    let bitsPerSecond = 0;
    let expected = 0;
    let received = 0;
    let best: { fps: number; width?: number; height?: number; pixels: number } | undefined;
    for (const c of this.layers.values()) {
      const from = c.marks[0];
      const seconds = from ? (now - from.at) / 1000 : 0;
      if (!from || seconds <= 0) continue;
      bitsPerSecond += ((c.bytes - from.bytes) * 8) / seconds;
      const seq = sequence(c.layer);
      expected += seq.expected - from.expected;
      received += seq.received - from.received;
      const fps = (c.frames - from.frames) / seconds;
      const pixels = (c.width ?? 0) * (c.height ?? 0);
      if (!best || pixels > best.pixels || (pixels === best.pixels && fps > best.fps))
        best = { fps, width: c.width, height: c.height, pixels };
    }
    return {
      sid: this.sid,
      kind: this.kind,
      mimeType: this.mimeType,
      bitrateKbps: Math.round(bitsPerSecond / 1000),
      fps: Math.round(best?.fps ?? 0),
      lossPct: expected > 0 ? Math.round((Math.max(0, expected - received) / expected) * 1000) / 10 : 0,
      width: best?.width ?? null,
      height: best?.height ?? null,
    };
  }

  private counters(layer: Layer): LayerCounters {
    let c = this.layers.get(layer);
    if (!c) {
      c = { layer, bytes: 0, frames: 0, marks: [] };
      this.layers.set(layer, c);
    }
    return c;
  }
}

const sequence = (layer: Layer) => ({ expected: layer.expected, received: layer.received });
