import { shortenAddress } from '@mintcast/contracts';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { useTipsReceivedQuery, useTipTotalQuery } from '../../queries/tips.ts';
import { TipGoalControl } from './tip-goal-control.tsx';

/**
 * The tips the stream received, newest first — who sent each, how much and their message — with the total.
 * Refreshed when a tip arrives in the cockpit's chat (chat-panel invalidates every tip query of the stream).
 */
export function CockpitTips({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useTipsReceivedQuery(mint, true);
  const total = useTipTotalQuery(mint).data;
  const bnb = (wei: string) => fmt.decimal(Number(formatEther(BigInt(wei))));
  const items = list.data?.items ?? [];
  return (
    <section aria-label={t('trade.cockpitTips')} className="rounded-lg bg-white/5 px-2.5 py-2 text-white">
      <h3 className="flex items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/55 uppercase">
        <Gift aria-hidden className="size-3 text-warn" />
        {t('trade.cockpitTips')}
        {total && total.count > 0 && (
          <span
            data-testid="cockpit-tip-total"
            className="ml-auto font-mono text-xs font-semibold tracking-normal text-warn normal-case tabular-nums"
          >
            {t('trade.tips', { count: total.count, amount: bnb(total.totalWei) })}
          </span>
        )}
      </h3>
      {list.isError ? (
        <p className="mt-1 text-xs text-white/50">{t('trade.cockpitTipsFailed')}</p>
      ) : items.length === 0 ? (
        <p className="mt-1 text-xs text-white/50">{list.isPending ? '…' : t('trade.cockpitNoTips')}</p>
      ) : (
        <ul className="mt-1.5 max-h-28 space-y-1 overflow-y-auto pr-1">
          {items.map((tip) => (
            <li key={tip.tx_hash} data-testid="cockpit-tip" className="text-xs leading-snug">
              <div className="flex items-baseline gap-2">
                <span className="min-w-0 truncate font-semibold" title={tip.from_address}>
                  {tip.username || shortenAddress(tip.from_address)}
                </span>
                <span className="ml-auto shrink-0 font-mono font-bold text-warn tabular-nums">
                  {t('trade.cockpitTipAmount', { amount: bnb(tip.amount_wei) })}
                </span>
              </div>
              {tip.message ? (
                <p className="break-words text-white/80">{tip.message}</p>
              ) : tip.message === null ? (
                <p className="text-white/40 italic">{t('trade.cockpitTipDeleted')}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <TipGoalControl mint={mint} />
    </section>
  );
}
