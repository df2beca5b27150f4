import { shortenAddress, type TRealtimeEvent } from '@mintcast/contracts';

/** One alert the alerts overlay shows: a new follower, a verified tip, or a buy or sell over the threshold. */
export type OverlayAlert =
  | { id: string; kind: 'follow'; who: string }
  | { id: string; kind: 'tip'; who: string; amountWei: string; message: string }
  | { id: string; kind: 'buy' | 'sell'; who: string; amountWei: string; symbol: string; whale: boolean };

/**
 * The alert a realtime event makes, or null. Tips and trade alerts are chat lines on the stream's chat
 * channel; follows come on its overlay channel. A trade a reorg dropped (`removed`) is no new alert.
 */
export const alertOf = (event: TRealtimeEvent): OverlayAlert | null => {
  if (event.type === 'overlay_follow')
    return {
      id: `follow-${event.address}`,
      kind: 'follow',
      who: event.username ?? shortenAddress(event.address),
    };
  if (event.type !== 'message_inserted') return null;
  const m = event.message;
  const who = m.username ?? shortenAddress(m.user_address);
  if (m.tip) return { id: `msg-${m.id}`, kind: 'tip', who, amountWei: m.tip.amount_wei, message: m.content };
  if (m.trade && !m.trade.removed)
    return {
      id: `msg-${m.id}`,
      kind: m.trade.side,
      who: shortenAddress(m.trade.trader),
      amountWei: m.trade.bnb_wei,
      symbol: m.trade.symbol,
      whale: m.trade.whale,
    };
  return null;
};

/** How long each alert stays on screen; the next one waits its turn. */
export const ALERT_SHOW_MS = 6_000;
