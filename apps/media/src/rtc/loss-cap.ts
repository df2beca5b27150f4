import { VideoQuality } from '@livekit/protocol';

/** A receiver report at or above this share lost counts as congested (with a second one in a row). */
const CONGESTED = 0.1;
/** One report this bad is enough on its own. */
const SEVERE = 0.25;
/** Below this share lost the path counts as clean. */
const CLEAN = 0.02;
/** Clean time before the next layer up is tried again; doubled each time a try fails, up to the maximum. */
const PROBE_AFTER_MS = 10_000;
const PROBE_AFTER_MAX_MS = 60_000;
/** A try that is still clean after this long resets the wait to its first value. */
const PROBE_HELD_MS = 30_000;

/**
 * The highest simulcast layer one viewer's path carries, judged from the share of packets its receiver
 * reports lost (RTCP RR, RFC 3550 6.4.1). Retransmissions on RTX do not count there, so the share is the
 * network's. Heavy loss moves the viewer one layer below the one it gets; after a clean spell the next
 * layer up is tried again, waiting longer each time a try brings the loss back.
 */
export class LossCap {
  /** The highest quality this viewer's path is allowed now. */
  cap: VideoQuality = VideoQuality.HIGH;
  private congestedReports = 0;
  private cleanSince: number;
  private probeAfter = PROBE_AFTER_MS;
  private raisedAt?: number;

  constructor(now: number) {
    this.cleanSince = now;
  }

  /**
   * One receiver report: `fractionLost` in 0–1, `current` the quality being forwarded. Returns true when the
   * cap changed (the viewer's layer should be chosen again).
   */
  report(fractionLost: number, current: VideoQuality | undefined, now: number): boolean {
    if (fractionLost >= CONGESTED) {
      this.congestedReports++;
      this.cleanSince = now;
      if (fractionLost < SEVERE && this.congestedReports < 2) return false;
      const below = Math.max(VideoQuality.LOW, Math.min(this.cap, current ?? this.cap) - 1);
      if (below >= this.cap) return false;
      if (this.raisedAt !== undefined && now - this.raisedAt < PROBE_HELD_MS) {
        this.probeAfter = Math.min(this.probeAfter * 2, PROBE_AFTER_MAX_MS);
      }
      this.raisedAt = undefined;
      this.cap = below;
      this.congestedReports = 0;
      return true;
    }
    this.congestedReports = 0;
    if (fractionLost > CLEAN) {
      this.cleanSince = now;
      return false;
    }
    if (this.raisedAt !== undefined && now - this.raisedAt >= PROBE_HELD_MS) {
      this.probeAfter = PROBE_AFTER_MS;
      this.raisedAt = undefined;
    }
    if (this.cap >= VideoQuality.HIGH || now - this.cleanSince < this.probeAfter) return false;
    this.cap++;
    this.raisedAt = now;
    this.cleanSince = now;
    return true;
  }
}

/**
 * The share lost on the viewer's own path, from the share its receiver reports and the share the publisher's
 * uplink had already lost (both reach the viewer as holes): 1 − (1 − reported) / (1 − upstream).
 */
export const pathLoss = (reported: number, upstream: number): number =>
  upstream >= 1 ? 0 : Math.max(0, 1 - (1 - reported) / (1 - upstream));
