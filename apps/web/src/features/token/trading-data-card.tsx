import { formatPercentChange, formatPrice, formatUsdCompact } from '@mintcast/contracts';
import { BarChart3, TrendingDown, TrendingUp } from 'lucide-react';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { useTokenQuery } from '../../queries/token.ts';
import { tradingView } from './trading-state.ts';

const FIGURES = ['Price', '24h Change', '24h Volume', 'Market Cap', 'Liquidity'] as const;

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
  const query = useTokenQuery(address);
  const view = tradingView(query);

  return (
    <section aria-label="Trading data" className="rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <header className="mb-4 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <BarChart3 className="size-4 text-brand" aria-hidden />
          Trading Data
        </h2>
        {view.kind === 'figures' && view.data.stale && (
          <span className="rounded-md bg-warn/15 px-2 py-0.5 text-xs font-medium text-warn">Delayed</span>
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
          <Figure label="Price" value={formatPrice(view.data.priceUsd)} />
          <Figure
            label="24h Change"
            value={formatPercentChange(view.data.priceChange24h)}
            tone={view.data.priceChange24h > 0 ? 'up' : view.data.priceChange24h < 0 ? 'down' : undefined}
          />
          <Figure label="24h Volume" value={formatUsdCompact(view.data.volume24h)} />
          <Figure label="Market Cap" value={formatUsdCompact(view.data.marketCap)} />
          <Figure label="Liquidity" value={formatUsdCompact(view.data.liquidityUsd)} />
        </dl>
      )}
      {view.kind === 'message' &&
        (view.retry ? (
          <InlineError message={view.message} onRetry={() => void query.refetch()} />
        ) : (
          <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{view.message}</p>
        ))}
    </section>
  );
}
