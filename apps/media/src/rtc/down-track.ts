import { VideoQuality } from '@livekit/protocol';
import { type RTCRtpTransceiver, type RtpPacket, uint16Gt, uint16Gte } from 'werift';
import type { Metrics } from '../metrics.ts';
import type { Layer } from './layer.ts';
import { LossCap } from './loss-cap.ts';
import type { PacketLane } from './packet-lane.ts';
import { RtpWriter, type SendClock, sendClock } from './rtp-writer.ts';
import { rewriteVp8, type Vp8Descriptor } from './vp8.ts';

/**
 * One published track as one subscriber receives it. It forwards a single layer at a time and
 * rewrites sequence numbers, timestamps and VP8 picture ids so a switch between simulcast layers
 * (which have their own SSRC and numbering) looks like one continuous stream to the browser.
 */
export class DownTrack {
  /** Highest quality the viewer asked for (UpdateTrackSettings). */
  maxQuality: VideoQuality = VideoQuality.HIGH;
  /** Paused by the viewer (UpdateTrackSettings.disabled or quality OFF). */
  disabled = false;
  /** Highest quality the viewer's path carries, from the loss its receiver reports. */
  readonly lossCap = new LossCap(performance.now());
  /** The current layer's incoming counts at this viewer's previous receiver report. */
  upstreamMark?: { layer: Layer; expected: number; received: number };
  current?: Layer;
  target?: Layer;

  private resync = true;
  private seqOffset = 0;
  private tsOffset = 0;
  private picOffset = 0;
  private tl0Offset = 0;
  private lastSeq?: number;
  private lastTs?: number;
  private lastPic?: number;
  private lastTl0?: number;
  private lastSentAt = 0;
  /** Newest source sequence number of the current layer that was forwarded or skipped as padding. */
  private lastSourceSeq?: number;
  /** The newest skipped padding packet; an older packet of the layer arriving after it cannot be numbered. */
  private paddingFloor?: number;
  private readonly writer: RtpWriter;

  constructor(
    readonly trackSid: string,
    readonly subscriberSid: string,
    readonly transceiver: RTCRtpTransceiver,
    private readonly clockRate: number,
    private readonly metrics: Metrics,
    /** The subscriber's lane (a send worker, decision 018, or the native sender, 019); without one this thread encrypts and sends in JavaScript. */
    lane?: PacketLane,
  ) {
    this.writer = new RtpWriter(transceiver, lane);
  }

  /** The subscription ended. */
  close(): void {
    this.writer.close();
  }

  /** Ready once DTLS is up and a codec was negotiated; werift drops packets before that. */
  get ready(): boolean {
    return this.writer.ready;
  }

  /** The best quality this viewer gets: what it asked for, capped by what its path carries. */
  get allowedQuality(): VideoQuality {
    return Math.min(this.maxQuality, this.lossCap.cap);
  }

  get waitingForKeyframe(): boolean {
    return !this.disabled && this.target !== undefined && this.current !== this.target;
  }

  write(
    layer: Layer,
    rtp: RtpPacket,
    vp8: Vp8Descriptor | undefined,
    isVideo: boolean,
    clock: SendClock = sendClock(),
    /** The packet starts a keyframe (VP8 from its descriptor; H.264 from its NAL units). */
    keyframe = vp8?.keyframe === true,
  ): void {
    if (this.disabled) {
      this.current = undefined;
      return;
    }
    if (layer !== this.current) {
      // Switch only onto the chosen layer and, for video, only at a keyframe's first packet.
      if (layer !== this.target || !this.ready) return;
      if (isVideo && !keyframe) {
        this.metrics.droppedPackets++;
        return;
      }
      this.current = layer;
      this.resync = true;
    }
    const h = rtp.header;
    if (this.resync) this.computeOffsets(h.sequenceNumber, h.timestamp, vp8);
    if (this.paddingFloor !== undefined && uint16Gt(this.paddingFloor, h.sequenceNumber)) {
      // Its number went to a packet after the padding that was skipped: forwarding it would repeat one.
      this.metrics.droppedPackets++;
      return;
    }
    if (this.lastSourceSeq === undefined || uint16Gt(h.sequenceNumber, this.lastSourceSeq)) {
      this.lastSourceSeq = h.sequenceNumber;
    }
    const seq = (h.sequenceNumber + this.seqOffset) & 0xffff;
    const ts = (h.timestamp + this.tsOffset) >>> 0;
    let payload = rtp.payload;
    if (vp8 && (this.picOffset !== 0 || this.tl0Offset !== 0)) {
      const pic = vp8.pictureId !== undefined ? (vp8.pictureId + this.picOffset) & 0x7fff : undefined;
      const tl0 = vp8.tl0PicIdx !== undefined ? (vp8.tl0PicIdx + this.tl0Offset) & 0xff : undefined;
      payload = rewriteVp8(payload, vp8, pic, tl0);
      if (pic !== undefined) this.lastPic = pic;
      if (tl0 !== undefined) this.lastTl0 = tl0;
    } else if (vp8) {
      if (vp8.pictureId !== undefined) this.lastPic = vp8.pictureId;
      if (vp8.tl0PicIdx !== undefined) this.lastTl0 = vp8.tl0PicIdx;
    }
    if (this.lastSeq === undefined || uint16Gte(seq, this.lastSeq)) {
      this.lastSeq = seq;
      this.lastTs = ts;
      this.lastSentAt = clock.now;
    }
    // Sent with this subscriber's SSRC, payload type and header extensions (the publisher's extension ids
    // mean something else here, so none of them are copied).
    if (!this.writer.write(h.marker, seq, ts, payload, clock)) return;
    this.metrics.forwardedPackets++;
    this.metrics.forwardedBytes += payload.length;
  }

  /**
   * A padding-only packet (a publisher's bandwidth probe) is not forwarded; when it is the next packet of the
   * current layer, every later packet moves down one number so the viewer sees no hole. A hole would make
   * the browser ask for a packet that never existed and hold back the frames after it.
   */
  skipPadding(layer: Layer, sequenceNumber: number): void {
    if (this.disabled || layer !== this.current || this.resync || this.lastSourceSeq === undefined) return;
    if (sequenceNumber !== ((this.lastSourceSeq + 1) & 0xffff)) return;
    this.seqOffset = (this.seqOffset - 1) & 0xffff;
    this.lastSourceSeq = sequenceNumber;
    this.paddingFloor = sequenceNumber;
  }

  /** Makes the new source continue where the previous one stopped. */
  private computeOffsets(seq: number, ts: number, vp8: Vp8Descriptor | undefined): void {
    this.resync = false;
    this.lastSourceSeq = undefined;
    this.paddingFloor = undefined;
    if (this.lastSeq === undefined || this.lastTs === undefined) return;
    this.seqOffset = (this.lastSeq + 1 - seq) & 0xffff;
    const elapsed = Math.max(1, Math.round(((performance.now() - this.lastSentAt) * this.clockRate) / 1000));
    this.tsOffset = (this.lastTs + elapsed - ts) >>> 0;
    if (vp8?.pictureId !== undefined && this.lastPic !== undefined) {
      this.picOffset = (this.lastPic + 1 - vp8.pictureId) & 0x7fff;
    }
    if (vp8?.tl0PicIdx !== undefined && this.lastTl0 !== undefined) {
      this.tl0Offset = (this.lastTl0 + 1 - vp8.tl0PicIdx) & 0xff;
    }
  }
}
