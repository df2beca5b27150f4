import { BarChart3, TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useFormat } from '../../lib/i18n/format.ts';
import { useTokenQuery } from '../../queries/token.ts';
import { tradingView } from './trading-state.ts';

const FIGURES = ['price', 'change', 'volume', 'marketCap', 'liquidity'] as const;

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'up' | 'down' }) {
  const color = tone === 'up' ? 'text-up' : tone === 'down' ? 'text-down' : 'text-fg';
  return (
    <div className="rounded-xl bg-surface-2 px-3.5 py-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className={`mt-1 flex items-center gap-1 truncate text-base font-semibold tabular-nums ${color}`}>
        {tone === 'up' && <TrendingUp className="size-4 shrink-0" aria-hidden />}
        {tone === 'down' && <TrendingDown className="size-4 shrink-0" aria-hidden />}
        {value}
      </dd>
    </div>
  );
}

/** Trading data card (spec §2): price, 24h change, volume, market cap, liquidity, refreshed every 30 s. */
export function TradingDataCard({ address }: { address: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const query = useTokenQuery(address);
  const view = tradingView(query);

  return (
    <section
      aria-label={t('token.tradingData')}
      className="rounded-2xl border border-border bg-surface p-4 sm:p-5"
    >
      <header className="mb-4 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <BarChart3 className="size-4 text-brand" aria-hidden />
          {t('token.tradingData')}
        </h2>
        {view.kind === 'figures' && view.data.stale && (
          <span className="rounded-md bg-warn/15 px-2 py-0.5 text-xs font-medium text-warn">
            {t('token.delayed')}
          </span>
        )}
      </header>
      {view.kind === 'loading' && (
        <div
          className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]"
          aria-busy="true"
        >
          {FIGURES.map((f) => (
            <div key={f} className="rounded-xl bg-surface-2 px-3.5 py-3">
              <div className="skeleton h-3 w-16 rounded" />
              <div className="skeleton mt-2 h-5 w-20 rounded" />
            </div>
          ))}
        </div>
      )}
      {view.kind === 'figures' && (
        <dl
          className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]"
          data-testid="trading-figures"
        >
          <Figure label={t('token.price')} value={fmt.price(view.data.priceUsd)} />
          <Figure
            label={t('token.change')}
            value={fmt.percent(view.data.priceChange24h)}
            tone={view.data.priceChange24h > 0 ? 'up' : view.data.priceChange24h < 0 ? 'down' : undefined}
          />
          <Figure label={t('token.volume')} value={fmt.usdCompact(view.data.volume24h)} />
          <Figure label={t('token.marketCap')} value={fmt.usdCompact(view.data.marketCap)} />
          <Figure label={t('token.liquidity')} value={fmt.usdCompact(view.data.liquidityUsd)} />
        </dl>
      )}
      {view.kind === 'message' &&
        (view.retry ? (
          <InlineError message={t(`token.${view.message}`)} onRetry={() => void query.refetch()} />
        ) : (
          <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">
            {t(`token.${view.message}`)}
          </p>
        ))}
    </section>
  );
}
