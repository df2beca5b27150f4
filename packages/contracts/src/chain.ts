import { z } from 'zod';
import { ZAddress } from './address.ts';
import { format, ZText } from './text.ts';

/** BNB Smart Chain mainnet: PancakeSwap V2 (a Uniswap V2 fork) and WBNB — the defaults of the chain config. */
export const BSC_MAINNET = {
  rpcUrl: 'https://bsc-dataseed.bnbchain.org',
  explorerUrl: 'https://bscscan.com',
  router: '0x10ED43C718714eb63d5aA57B78B54704E256024E',
  factory: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73',
  wbnb: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
} as const;

/** Confirmations a tip needs by default (BSC blocks come every few seconds). */
export const TIP_CONFIRMATIONS_DEFAULT = 3;
/** Longest message that may go with a tip. */
export const TIP_MESSAGE_MAX_LENGTH = 140;
/**
 * How long the server trusts a holder balance it read on chain (per wallet and token): one minute, so a badge or
 * a holders-only chat follows a sale soon enough; a trade reported from the stream page forgets it at once.
 */
export const HOLDER_CACHE_MS = 60_000;
/** Most addresses one holder lookup may ask about (the authors of one chat page). */
export const HOLDER_LOOKUP_MAX = 100;

export const ZTxHash = format(
  'tx-hash',
  z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash'),
).transform((v) => v.toLowerCase() as `0x${string}`);

/** `POST /api/streams/{mint}/tips`: the hash of a BNB transfer to the creator, and an optional message. */
export const ZPostTip = z.object({
  txHash: ZTxHash,
  // A tip's message is a chat message: the same text rules.
  message: z._default(
    ZText({
      kind: 'multiline',
      max: TIP_MESSAGE_MAX_LENGTH,
      maxMessage: `A tip message cannot be longer than ${TIP_MESSAGE_MAX_LENGTH} characters`,
    }),
    '',
  ),
});
export type TPostTip = z.input<typeof ZPostTip>;

/** A stream's tips so far (amounts in wei, as decimal text). */
export const ZTipTotal = z.object({ count: z.number().int().min(0), totalWei: z.string() });
export type TTipTotal = z.infer<typeof ZTipTotal>;

/** How many of a stream's latest tips the creator's cockpit lists. */
export const TIP_LIST_LIMIT = 50;

/** One tip as its creator sees it in the cockpit (amount in wei, as decimal text). */
export const ZTipItem = z.object({
  tx_hash: z.string(),
  from_address: z.string(),
  /** The tipper's profile name when it has one. */
  username: z.string().nullable(),
  amount_wei: z.string(),
  /** The tip's chat message; null when a moderator deleted that message (the tip itself still counts). */
  message: z.string().nullable(),
  created_at: z.string(),
});
export type TTipItem = z.infer<typeof ZTipItem>;

/** `GET /api/streams/{mint}/tips/received`: the stream's latest tips, newest first (creator only). */
export const ZTipList = z.object({ items: z.array(ZTipItem) });
export type TTipList = z.infer<typeof ZTipList>;

/** How many tippers each of the leaderboard's two lists shows. */
export const TIP_LEADERBOARD_SIZE = 5;

/** One tipper's place on a stream's leaderboard (amount in wei, as decimal text). */
export const ZTipLeader = z.object({
  address: z.string(),
  username: z.string().nullable(),
  total_wei: z.string(),
  count: z.number().int().min(1),
});
export type TTipLeader = z.infer<typeof ZTipLeader>;

/**
 * `GET /api/streams/{mint}/tips/leaderboard`: the top tippers of the current (or last) broadcast and of all
 * time; a creator's tips to themselves are left out, as from the total.
 */
export const ZTipLeaderboard = z.object({ broadcast: z.array(ZTipLeader), allTime: z.array(ZTipLeader) });
export type TTipLeaderboard = z.infer<typeof ZTipLeaderboard>;

/** A stream's tip goal and what tips have raised toward it since it was set (amounts in wei, decimal text). */
export const ZTipGoal = z.object({ goal_wei: z.string(), raised_wei: z.string(), since: z.string() });
export type TTipGoal = z.infer<typeof ZTipGoal>;
/** `GET /api/streams/{mint}/tips/goal`: the goal, or null when the creator has none. */
export const ZTipGoalState = z.object({ goal: ZTipGoal.nullable() });
export type TTipGoalState = z.infer<typeof ZTipGoalState>;
/** `PUT /api/streams/{mint}/tips/goal` (creator only): a goal in wei above 0 (at most 10^30), or null to clear. */
export const ZSetTipGoal = z.object({
  goal_wei: format('wei', z.string().regex(/^[1-9][0-9]{0,29}$/, 'A whole number of wei above 0')).nullable(),
});
export type TSetTipGoal = z.input<typeof ZSetTipGoal>;

/** `GET /api/streams/{mint}/holders?addresses=a,b`: which of them hold the stream's token. */
export const ZHoldersQuery = z.object({
  // At most HOLDER_LOOKUP_MAX addresses of 42 characters and their commas (spaces tolerated).
  addresses: format('address-list', z.string().max(HOLDER_LOOKUP_MAX * 64))
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(ZAddress).min(1).max(HOLDER_LOOKUP_MAX)),
});
export const ZHolders = z.object({
  holders: z.array(z.string()),
  /** Each holder's tier name, when the creator set holder tiers (issue 34 item 4): the badge shows it. */
  badges: z.record(z.string(), z.string()).optional(),
});
export type THolders = z.infer<typeof ZHolders>;

/** Error codes of the tip endpoint (each has a user-facing message). */
export const TIP_ERROR_CODES = {
  replayed: 'tip_replayed',
  notFound: 'tip_not_found',
  wrongSender: 'tip_wrong_sender',
  wrongRecipient: 'tip_wrong_recipient',
  failed: 'tip_failed',
  noValue: 'tip_no_value',
  unconfirmed: 'tip_unconfirmed',
  noCreator: 'tip_no_creator',
  chainUnavailable: 'chain_unavailable',
} as const;
