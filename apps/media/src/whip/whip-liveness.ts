import type { WhipLiveness } from '../config.ts';

/** Why a WHIP session that carries no media is ended. */
type WhipExpiry = 'connect_timeout' | 'stalled';

/**
 * Whether a WHIP ingest still carries media. A publisher can vanish without a DELETE at any point (OBS
 * crashes, the network changes, the POST's answer never reached it): its connection then neither fails nor
 * closes for as long as ICE consent holds, or for ever when ICE never completed, and the stream it holds stays
 * "live" and refuses every new offer. Packets are the only sign a publisher is still there, so each one is
 * counted (a cheap increment on the hot path) and the count is compared with the last look on the clock.
 */
export class WhipLivenessTracker {
  private packets = 0;
  private seenPackets = 0;
  private readonly startedAt: number;
  /** When (on the clock) a look last found new packets; undefined until the first packet. */
  private lastPacketAt: number | undefined;

  constructor(private readonly opts: WhipLiveness) {
    this.startedAt = opts.clock();
  }

  /** One RTP packet arrived (any track). */
  packet(): void {
    this.packets++;
  }

  private look(now: number): void {
    if (this.packets === this.seenPackets) return;
    this.seenPackets = this.packets;
    this.lastPacketAt = now;
  }

  /** Packets arrived within the stall timeout. */
  flowing(now = this.opts.clock()): boolean {
    this.look(now);
    return this.lastPacketAt !== undefined && now - this.lastPacketAt < this.opts.stallTimeoutMs;
  }

  /** Why the session should be ended now, or null while it may still (start to) carry media. */
  expired(now = this.opts.clock()): WhipExpiry | null {
    this.look(now);
    if (this.lastPacketAt === undefined)
      return now - this.startedAt >= this.opts.connectTimeoutMs ? 'connect_timeout' : null;
    return now - this.lastPacketAt >= this.opts.stallTimeoutMs ? 'stalled' : null;
  }
}
