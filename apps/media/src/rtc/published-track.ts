import { type TrackInfo, TrackType, VideoQuality } from '@livekit/protocol';
import {
  type MediaStreamTrack,
  type RTCRtpReceiver,
  type RtcpPacket,
  RtcpRrPacket,
  RtcpSrPacket,
  type RtpPacket,
} from 'werift';
import type { Metrics } from '../metrics.ts';
import type { DownTrack } from './down-track.ts';
import { Dynacast } from './dynacast.ts';
import { isH264KeyframeStart } from './h264.ts';
import { h264SpsSize } from './h264-sps.ts';
import { countIncoming, LAYER_STALE_MS, type Layer, qualityForRid } from './layer.ts';
import { pathLoss } from './loss-cap.ts';
import { sendClock } from './rtp-writer.ts';
import { type TrackHealth, TrackStats } from './track-stats.ts';
import { parseVp8, vp8KeyframeSize } from './vp8.ts';

/** Chrome answers PLIs quickly; asking more often than this only costs bitrate. */
const PLI_MIN_INTERVAL_MS = 300;
const TICK_MS = 250;
/**
 * Chromium's encoder answers at most one keyframe request per 300 ms: a request that comes sooner after the
 * keyframe it last sent is dropped (its minimum key frame send interval).
 */
const ENCODER_KEYFRAME_INTERVAL_MS = 300;

/**
 * A track a participant publishes: its incoming layers and the subscribers it fans out to.
 * Each subscriber gets the best layer it allows; switches wait for a keyframe (PLI requested).
 */
export class PublishedTrack {
  readonly layers = new Map<string, Layer>();
  readonly downTracks = new Set<DownTrack>();
  private receiver?: RTCRtpReceiver;
  private readonly lastPli = new Map<number, number>();
  /** When each layer's (SSRC's) last keyframe began to arrive, and the re-asks waiting for the encoder. */
  private readonly lastKeyframe = new Map<number, number>();
  private readonly deferredPli = new Map<number, NodeJS.Timeout>();
  private readonly timer: NodeJS.Timeout;
  private readonly isVideo: boolean;
  /** H.264 from a WHIP publisher; everything else that is video is VP8. */
  private readonly isH264: boolean;
  /** Simulcast layers the publisher should encode; undefined for a track with one layer or audio. */
  private readonly dynacast?: Dynacast;
  /** Layers a recording takes (participant egress): dynacast keeps them on though no viewer watches. */
  private readonly held = new Map<object, VideoQuality>();
  /** What arrives from the publisher (bitrate, frame rate, loss, size), for the broadcaster's cockpit. */
  private readonly stats: TrackStats;

  /**
   * `onLayersNeeded`: called with the highest quality any viewer can use when the publisher should
   * switch its simulcast layers above it off (or back on).
   */
  constructor(
    readonly info: TrackInfo,
    readonly publisherSid: string,
    readonly mid: string,
    private readonly metrics: Metrics,
    private readonly onLayersNeeded?: (max: VideoQuality) => void,
    /** Dynacast's clock (ms); injected by tests. */
    private readonly dynacastClock: () => number = () => performance.now(),
  ) {
    this.isVideo = info.type === TrackType.VIDEO;
    this.isH264 = info.mimeType.toLowerCase() === 'video/h264';
    if (this.isVideo && info.layers.length > 1 && onLayersNeeded) this.dynacast = new Dynacast();
    this.stats = new TrackStats(info.sid, this.isVideo ? 'video' : 'audio', info.mimeType);
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  get sid(): string {
    return this.info.sid;
  }

  get clockRate(): number {
    return this.isVideo ? 90_000 : 48_000;
  }

  attach(track: MediaStreamTrack, receiver: RTCRtpReceiver): void {
    this.receiver = receiver;
    const rid = track.rid ?? '';
    if (this.layers.has(rid)) return;
    const layer: Layer = {
      rid,
      quality: qualityForRid(rid),
      track,
      lastPacketAt: 0,
      packets: 0,
      expected: 0,
      received: 0,
    };
    this.layers.set(rid, layer);
    track.onReceiveRtp.subscribe((rtp) => this.onPacket(layer, rtp));
  }

  addDownTrack(dt: DownTrack): void {
    this.downTracks.add(dt);
    const sender = dt.transceiver.sender;
    sender.onPictureLossIndication.subscribe(() => {
      const layer = dt.current ?? dt.target;
      if (layer) this.requestKeyframe(layer, true);
    });
    if (this.isVideo) {
      sender.onRtcp.subscribe((packet) => {
        const reported = fractionLost(packet, sender.ssrc);
        if (reported === undefined) return;
        const upstream = this.upstreamLoss(dt);
        if (upstream === undefined) return; // no count yet to tell the two apart
        const lost = pathLoss(reported, upstream);
        const cap = dt.lossCap.cap;
        if (!dt.lossCap.report(lost, dt.current?.quality, performance.now())) return;
        if (dt.lossCap.cap < cap) this.metrics.lossDowngrades++;
        this.retarget(dt);
      });
    }
    this.retarget(dt);
    this.updateDynacast();
  }

  removeDownTrack(dt: DownTrack): void {
    this.downTracks.delete(dt);
    this.updateDynacast();
  }

  /** The incoming stream's health over the last few seconds. */
  health(): TrackHealth {
    return this.stats.read(performance.now());
  }

  close(): void {
    clearInterval(this.timer);
    for (const t of this.deferredPli.values()) clearTimeout(t);
    this.deferredPli.clear();
    this.downTracks.clear();
  }

  /** Re-evaluates one subscriber's layer (after UpdateTrackSettings). */
  retarget(dt: DownTrack, force = false): void {
    const before = dt.target;
    dt.target = this.pickLayer(dt.allowedQuality);
    // Not before its transport can carry the keyframe: the publisher's encoder ignores a request that comes
    // within 300 ms of the one it last answered (Chromium's minimum key frame send interval), so an early
    // request, answered into a transport still connecting, would have the one that matters ignored.
    if (!dt.ready) return;
    if (dt.target && (force || dt.target !== before || dt.waitingForKeyframe))
      this.requestKeyframe(dt.target, false, force);
  }

  /**
   * The share of numbers the publisher's uplink lost on the layer a viewer gets, since that viewer's previous
   * receiver report: those holes reach the viewer too, but they are not its path's fault. Undefined at the
   * first report on a layer, which has no count to compare with.
   */
  private upstreamLoss(dt: DownTrack): number | undefined {
    const layer = dt.current;
    const mark = dt.upstreamMark;
    dt.upstreamMark = layer && { layer, expected: layer.expected, received: layer.received };
    if (!layer || mark?.layer !== layer) return undefined;
    const expected = layer.expected - mark.expected;
    const received = layer.received - mark.received;
    return expected > 0 ? Math.max(0, (expected - received) / expected) : 0;
  }

  private onPacket(layer: Layer, rtp: RtpPacket): void {
    countIncoming(layer, rtp.header.sequenceNumber);
    const vp8 = this.isVideo && !this.isH264 ? parseVp8(rtp.payload) : undefined;
    const size = vp8 ? vp8KeyframeSize(rtp.payload, vp8) : this.isH264 ? h264SpsSize(rtp.payload) : undefined;
    this.stats.onPacket(layer, rtp, size);
    // Padding-only packets are bandwidth probes: nothing to forward, but their numbers must not leave holes.
    if (rtp.payload.length === 0) {
      for (const dt of this.downTracks) dt.skipPadding(layer, rtp.header.sequenceNumber);
      return;
    }
    this.metrics.receivedPackets++;
    const fresh = layer.packets === 0 || performance.now() - layer.lastPacketAt > LAYER_STALE_MS;
    layer.ssrc = rtp.header.ssrc;
    layer.lastPacketAt = performance.now();
    layer.packets++;
    const keyframe =
      this.isVideo && (this.isH264 ? isH264KeyframeStart(rtp.payload) : vp8?.keyframe === true);
    if (keyframe) this.lastKeyframe.set(rtp.header.ssrc, layer.lastPacketAt);
    if (fresh) for (const dt of this.downTracks) this.retarget(dt);
    if (this.downTracks.size === 0) return; // nobody to forward to: no clock
    const clock = sendClock();
    for (const dt of this.downTracks) dt.write(layer, rtp, vp8, this.isVideo, clock, keyframe);
  }

  /** Highest fresh layer not above `max`; the lowest fresh one if all are above. */
  private pickLayer(max: VideoQuality): Layer | undefined {
    const now = performance.now();
    let best: Layer | undefined;
    let lowest: Layer | undefined;
    for (const layer of this.layers.values()) {
      if (layer.packets === 0 || now - layer.lastPacketAt > LAYER_STALE_MS) continue;
      if (!lowest || layer.quality < lowest.quality) lowest = layer;
      if (layer.quality <= max && (!best || layer.quality > best.quality)) best = layer;
    }
    return best ?? lowest;
  }

  private tick(): void {
    this.stats.mark(performance.now());
    // Also re-asks for a keyframe while a subscriber waits for one (a PLI can get lost).
    for (const dt of this.downTracks) this.retarget(dt);
    this.updateDynacast();
  }

  /** Keeps `quality` encoded for `holder` (a recording) until `release` is called with the same holder. */
  hold(holder: object, quality: VideoQuality): void {
    this.held.set(holder, quality);
  }

  release(holder: object): void {
    this.held.delete(holder);
  }

  /** Tells the publisher which layers are worth encoding: up to the best any viewer (or recording) uses now. */
  private updateDynacast(): void {
    if (!this.dynacast || !this.onLayersNeeded) return;
    let needed: VideoQuality = VideoQuality.LOW;
    for (const q of this.held.values()) needed = Math.max(needed, q);
    for (const dt of this.downTracks) {
      if (!dt.disabled) needed = Math.max(needed, dt.allowedQuality);
    }
    const update = this.dynacast.update(needed, this.dynacastClock());
    if (update !== undefined) this.onLayersNeeded(update);
  }

  requestKeyframe(layer: Layer, fromViewer = false, force = false): void {
    if (!this.isVideo || layer.ssrc === undefined || !this.receiver) return;
    const now = performance.now();
    const last = this.lastPli.get(layer.ssrc);
    const minInterval = fromViewer ? PLI_MIN_INTERVAL_MS * 2 : PLI_MIN_INTERVAL_MS;
    if (!force && last !== undefined && now - last < minInterval) return;
    this.lastPli.set(layer.ssrc, now);
    this.metrics.plisSent++;
    this.receiver.sendRtcpPLI(layer.ssrc).catch(() => undefined);
    // Asked within the encoder's interval after its last keyframe (a viewer reloading the page as soon as
    // video showed): Chromium drops this request, and the tick's re-ask would come up to half a second later.
    // Ask again as soon as the encoder takes requests, if a viewer still waits for a keyframe on this layer.
    const sinceKeyframe = now - (this.lastKeyframe.get(layer.ssrc) ?? Number.NEGATIVE_INFINITY);
    if (sinceKeyframe < ENCODER_KEYFRAME_INTERVAL_MS && !this.deferredPli.has(layer.ssrc)) {
      const ssrc = layer.ssrc;
      const retry = setTimeout(
        () => {
          this.deferredPli.delete(ssrc);
          const keyframeSince = (this.lastKeyframe.get(ssrc) ?? Number.NEGATIVE_INFINITY) > now;
          const waiting = [...this.downTracks].some((dt) => dt.target === layer && dt.waitingForKeyframe);
          if (!keyframeSince && waiting) this.requestKeyframe(layer, false, true);
        },
        ENCODER_KEYFRAME_INTERVAL_MS - sinceKeyframe + 10,
      );
      retry.unref();
      this.deferredPli.set(ssrc, retry);
    }
  }
}

/** The share lost (0–1) that a receiver report or sender report carries for `ssrc`, if it has one. */
function fractionLost(packet: RtcpPacket, ssrc: number): number | undefined {
  if (!(packet instanceof RtcpRrPacket) && !(packet instanceof RtcpSrPacket)) return undefined;
  const report = packet.reports.find((r) => r.ssrc === ssrc);
  return report ? report.fractionLost / 256 : undefined;
}
