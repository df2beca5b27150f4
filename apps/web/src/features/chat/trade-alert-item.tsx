import type { TChatMessage, TTradeAlert } from '@mintcast/contracts';
import { Fish, Radio, Trash2, TrendingDown, TrendingUp, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';

/** "0x12…ab": the trader as an alert line names them (the server's English line says the same). */
const shortTrader = (address: string) => `${address.slice(0, 4)}…${address.slice(-2)}`;

/**
 * A buy or sell alert: a system line the server posted for a swap on the token's pair (issue 34). Buys green,
 * sells red; a whale alert stands out in its own colours; a swap a chain reorganisation dropped stays, struck
 * through and labelled. Only the host's delete applies (there is no author to mute or report).
 */
export function TradeAlertItem({
  message,
  trade,
  onDelete,
}: {
  message: TChatMessage;
  trade: TTradeAlert;
  onDelete: ((message: TChatMessage) => void) | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const buy = trade.side === 'buy';
  const amount = fmt.decimal(Number(formatEther(BigInt(trade.bnb_wei))));
  const text = t(buy ? 'alerts.bought' : 'alerts.sold', {
    trader: shortTrader(trade.trader),
    amount,
    symbol: trade.symbol,
  });
  const Icon = buy ? TrendingUp : TrendingDown;
  const tone = trade.removed
    ? 'border-border bg-surface-2/60 text-muted'
    : trade.whale
      ? buy
        ? 'border-up/60 bg-up/15 text-fg shadow-[0_0_0_1px] shadow-up/20'
        : 'border-down/60 bg-down/15 text-fg shadow-[0_0_0_1px] shadow-down/20'
      : buy
        ? 'border-up/25 bg-up/5 text-fg'
        : 'border-down/25 bg-down/5 text-fg';
  return (
    <li
      className={`group relative my-0.5 flex items-start gap-2 rounded-lg border px-2.5 py-1.5 ${tone}`}
      data-testid="trade-alert"
      data-side={trade.side}
      data-whale={trade.whale ? 'true' : undefined}
      data-removed={trade.removed ? 'true' : undefined}
    >
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${trade.removed ? 'text-muted' : buy ? 'text-up' : 'text-down'}`}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <p
          className={`text-sm leading-snug ${trade.removed ? 'line-through' : ''} ${trade.whale ? 'font-bold' : 'font-medium'}`}
        >
          <span className="font-mono" title={trade.trader}>
            {text}
          </span>
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11px]">
          {trade.whale && !trade.removed && (
            <span className="inline-flex items-center gap-1 rounded bg-brand/20 px-1.5 font-bold uppercase tracking-wide text-brand">
              <Fish className="size-3" aria-hidden />
              {t('alerts.whale')}
            </span>
          )}
          {trade.from_stream && (
            <span
              className="inline-flex items-center gap-1 rounded bg-live/15 px-1.5 font-bold uppercase tracking-wide text-live"
              data-testid="trade-from-stream"
            >
              <Radio className="size-3" aria-hidden />
              {t('alerts.fromStream')}
            </span>
          )}
          {trade.removed && (
            <span className="inline-flex items-center gap-1 text-muted" data-testid="trade-removed">
              <Undo2 className="size-3" aria-hidden />
              {t('alerts.removed')}
            </span>
          )}
          <time className="ml-auto text-muted" dateTime={message.created_at}>
            {fmt.time(new Date(message.created_at))}
          </time>
        </div>
      </div>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(message)}
          className="absolute top-1 right-1 hidden rounded p-1 text-muted hover:bg-down/15 hover:text-down group-focus-within:block group-hover:block"
          title={t('chat.deleteMessage')}
          aria-label={t('chat.deleteMessage')}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      )}
    </li>
  );
}
