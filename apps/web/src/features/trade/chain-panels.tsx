import { ArrowDownUp, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { useTipTotalQuery } from '../../queries/tips.ts';
import { TipLeaderboard } from './tip-leaderboard.tsx';
import { TipPanel } from './tip-panel.tsx';
import { TradePanel } from './trade-panel.tsx';
import { TradingUnavailable } from './unavailable.tsx';
import { useChain } from './use-chain.ts';

function Card({
  title,
  icon,
  aside,
  children,
  label,
}: {
  title: string;
  icon: React.ReactNode;
  aside?: React.ReactNode;
  children: React.ReactNode;
  label: string;
}) {
  return (
    <section aria-label={label} className="rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <header className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          {icon}
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

/** The stream's trade and tip panels (loaded on their own: wagmi and viem stay out of the page's first chunk). */
export default function ChainPanels({ mint, creator }: { mint: string; creator: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const chain = useChain();
  const total = useTipTotalQuery(mint);
  const totalText = total.data
    ? t('trade.tips', {
        count: total.data.count,
        amount: fmt.decimal(Number(formatEther(BigInt(total.data.totalWei)))),
      })
    : null;

  const body = (panel: (ready: Extract<typeof chain, { status: 'ready' }>) => React.ReactNode) =>
    chain.status === 'ready' ? (
      panel(chain)
    ) : chain.status === 'unavailable' ? (
      <TradingUnavailable reason={chain.reason} onRetry={chain.retry} />
    ) : (
      <div className="skeleton h-32 rounded-xl" aria-busy="true" />
    );

  return (
    <div className="flex flex-col gap-5">
      <Card
        label={t('trade.title')}
        title={t('trade.title')}
        icon={<ArrowDownUp className="size-4 text-brand" aria-hidden />}
      >
        {body((c) => (
          <TradePanel client={c.client} settings={c.settings} token={mint as Address} />
        ))}
      </Card>
      <Card
        label={t('trade.tipTitle')}
        title={t('trade.tipTitle')}
        icon={<Gift className="size-4 text-warn" aria-hidden />}
        aside={
          totalText && (
            <span
              className="rounded-full bg-warn/10 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-warn tabular-nums"
              data-testid="tip-total"
            >
              {totalText}
            </span>
          )
        }
      >
        {body((c) => (
          <TipPanel client={c.client} settings={c.settings} mint={mint} creator={creator} />
        ))}
        <TipLeaderboard mint={mint} />
      </Card>
    </div>
  );
}
