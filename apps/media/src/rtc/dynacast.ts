import { SubscribedCodec, SubscribedQuality, SubscribedQualityUpdate, VideoQuality } from '@livekit/protocol';

/** A layer nobody needs any more is switched off only after this long (a viewer may be resizing). */
export const DYNACAST_DOWNGRADE_DELAY_MS = 5_000;

const QUALITIES = [VideoQuality.LOW, VideoQuality.MEDIUM, VideoQuality.HIGH];

/**
 * Dynacast for one simulcast track: which layers the publisher should encode, given the highest quality
 * any viewer can use now. The lowest layer always stays on, so a viewer who joins gets a picture at once
 * while a higher layer starts up. A higher need is passed on at once; a lower one only once it has held for
 * the downgrade delay.
 */
export class Dynacast {
  /** A publisher starts with every layer on. */
  private sent: VideoQuality = VideoQuality.HIGH;
  private lowerSince?: number;

  /** The update to send the publisher for `needed` at `now`, or undefined when nothing should change. */
  update(needed: VideoQuality, now: number): VideoQuality | undefined {
    const want = needed === VideoQuality.OFF ? VideoQuality.LOW : Math.max(VideoQuality.LOW, needed);
    if (want > this.sent) return this.commit(want);
    if (want === this.sent) {
      this.lowerSince = undefined;
      return undefined;
    }
    this.lowerSince ??= now;
    return now - this.lowerSince >= DYNACAST_DOWNGRADE_DELAY_MS ? this.commit(want) : undefined;
  }

  private commit(quality: VideoQuality): VideoQuality {
    this.sent = quality;
    this.lowerSince = undefined;
    return quality;
  }
}

/** The message livekit-client acts on (when its Room has `dynacast: true`): layers up to `max` on. */
export function subscribedQualityUpdate(trackSid: string, max: VideoQuality): SubscribedQualityUpdate {
  const qualities = () =>
    QUALITIES.map((quality) => new SubscribedQuality({ quality, enabled: quality <= max }));
  return new SubscribedQualityUpdate({
    trackSid,
    subscribedQualities: qualities(),
    subscribedCodecs: [new SubscribedCodec({ codec: 'vp8', qualities: qualities() })],
  });
}
