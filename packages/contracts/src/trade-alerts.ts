import { z } from 'zod';
import { ZTxHash } from './chain.ts';
import { format } from './text.ts';

/** 1 BNB in wei. */
const BNB = 10n ** 18n;
/** Default threshold of a stream's buy and sell alerts: 0.05 BNB (issue 34 item 1). */
export const TRADE_ALERT_MIN_DEFAULT_WEI = (BNB / 20n).toString();
/** Lowest threshold a creator may set: 0.001 BNB (below it, dust trades would flood the chat). */
export const TRADE_ALERT_MIN_FLOOR_WEI = (BNB / 1000n).toString();
/** Highest threshold (and whale threshold) a creator may set: 10,000 BNB. */
export const TRADE_ALERT_MAX_WEI = (10_000n * BNB).toString();
/** Without a whale threshold of its own, a trade of this many times the threshold is a whale alert. */
export const TRADE_ALERT_WHALE_FACTOR = 10n;

/** A buy or sell alert on a chat line: a swap of the stream's token against WBNB on its PancakeSwap V2 pair. */
export const ZTradeAlert = z.object({
  side: z.enum(['buy', 'sell']),
  /** BNB in (buy) or out (sell), in wei as decimal text. */
  bnb_wei: z.string(),
  tx_hash: z.string(),
  /** The wallet that sent the transaction. */
  trader: z.string(),
  symbol: z.string(),
  /** At or above the stream's whale threshold. */
  whale: z.boolean(),
  /** Made from this stream page's trade panel (the transaction hash it reported). */
  from_stream: z.boolean(),
  /** A chain reorganisation dropped the swap: the line stays, marked. */
  removed: z.boolean(),
});
export type TTradeAlert = z.infer<typeof ZTradeAlert>;

const isWei = (v: string) => /^[0-9]{1,30}$/.test(v);
const inRange = (v: string) =>
  isWei(v) && BigInt(v) >= BigInt(TRADE_ALERT_MIN_FLOOR_WEI) && BigInt(v) <= BigInt(TRADE_ALERT_MAX_WEI);
/** A threshold in wei (decimal text), between 0.001 and 10,000 BNB. */
const ZThresholdWei = (message: string) =>
  format(
    'threshold-wei',
    z
      .string()
      .regex(/^[1-9][0-9]{0,29}$/, 'A whole number of wei above 0')
      .refine(inRange, message),
  );

/** `PUT /api/streams/{mint}/trade-alerts`: the creator's settings (null whale: 10 × the threshold). */
export const ZTradeAlertSettings = z
  .object({
    enabled: z.boolean(),
    min_wei: ZThresholdWei('The threshold must be between 0.001 and 10,000 BNB'),
    whale_wei: ZThresholdWei('The whale threshold must be between 0.001 and 10,000 BNB').nullable(),
  })
  .refine(
    (s) =>
      s.whale_wei === null ||
      !isWei(s.whale_wei) ||
      !isWei(s.min_wei) ||
      BigInt(s.whale_wei) > BigInt(s.min_wei),
    { message: 'The whale threshold must be above the alert threshold', path: ['whale_wei'] },
  );
export type TTradeAlertSettings = z.infer<typeof ZTradeAlertSettings>;

/**
 * Where the stream's alerts stand: `watching` the pair, `paused` (the chain node cannot be read: alerts resume
 * when it can), `no_pair` (the token has no PancakeSwap V2 pair with WBNB), `off` (the creator turned them off),
 * `idle` (the stream is not live, or the watcher has not looked yet).
 */
export const ZTradeAlertState = z.enum(['watching', 'paused', 'no_pair', 'off', 'idle']);
export type TTradeAlertState = z.infer<typeof ZTradeAlertState>;

/** `GET /api/streams/{mint}/trade-alerts/status` (public). */
export const ZTradeAlertStatus = z.object({ state: ZTradeAlertState });
export type TTradeAlertStatus = z.infer<typeof ZTradeAlertStatus>;

/** `GET /api/streams/{mint}/trade-alerts` (creator): settings, state and the volume traded from the page. */
export const ZTradeAlertCockpit = z.object({
  settings: z.object({ enabled: z.boolean(), min_wei: z.string(), whale_wei: z.string().nullable() }),
  state: ZTradeAlertState,
  /** Swaps of the stream's token made from its page (reported by the trade panel, seen on chain). */
  page_trades: z.number().int().min(0),
  page_volume_wei: z.string(),
});
export type TTradeAlertCockpit = z.infer<typeof ZTradeAlertCockpit>;

/** `POST /api/streams/{mint}/trades`: the trade panel reports the hash of a swap it sent. */
export const ZReportTrade = z.object({ tx_hash: ZTxHash });
export type TReportTrade = z.input<typeof ZReportTrade>;
