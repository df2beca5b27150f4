import { z } from 'zod';
import { ZAddress } from './address.ts';

/**
 * Raids (issue 35 item 4): when ending a broadcast, its creator sends the audience to another live stream.
 * Every page open on the stream moves there with a banner "Raided by …", and the target's chat shows the raid.
 */

/** Error codes of `POST /api/streams/{mint}/raid` (the web shows its own text for each). */
export const RAID_ERRORS = {
  /** The target is the raiding stream itself. */
  self: 'raid_self',
  /** The raiding stream is not live (there is no audience to send). */
  notLive: 'raid_not_live',
  /** The target exists but is not live. */
  targetNotLive: 'raid_target_not_live',
  /** No stream has the target's address (or it is hidden). */
  targetNotFound: 'raid_target_not_found',
} as const;

/** Raids one creator may start (attempts included) per window: a burst, refilled slowly. */
export const RAID_RATE_LIMIT = { burst: 6, perWindow: 6, windowMs: 10 * 60_000 } as const;

/** `POST /api/streams/{mint}/raid`: the live stream to send the audience to. */
export const ZRaidRequest = z.object({ to: ZAddress });
export type TRaidRequest = z.input<typeof ZRaidRequest>;

/** The answer: the raid went out, with the audience it carried; the raiding stream is offline now. */
export const ZRaidResult = z.object({ to: z.string(), viewers: z.number().int().min(0) });
export type TRaidResult = z.infer<typeof ZRaidResult>;

/** A raid's chat line in the target's chat (`messages.raid`): rendered "Raided by {by} with {viewers} viewers". */
export const ZRaidLine = z.object({
  /** The raiding stream's address, name and symbol. */
  from: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** The raiding creator's display name (profile name, else the short address). */
  by: z.string(),
  viewers: z.number().int().min(0),
});
export type TRaidLine = z.infer<typeof ZRaidLine>;
