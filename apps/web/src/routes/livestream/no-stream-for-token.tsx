import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { TokenInfoCard } from '../../features/token/token-info-card.tsx';
import { TradingDataCard } from '../../features/token/trading-data-card.tsx';
import { useTokenQuery } from '../../queries/token.ts';
import { StreamNotFound, StreamPageSkeleton } from './stream-states.tsx';

/**
 * No stream for this address yet (issue 29). A real token (market data knows it) is shown with its cards and
 * an invitation to stream it; anything else is "Stream Not Found".
 */
export function NoStreamForToken({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const token = useTokenQuery(mint);
  if (token.isPending) return <StreamPageSkeleton />;
  if (!token.data) return <StreamNotFound />;
  const name = token.data.symbol ? `$${token.data.symbol}` : token.data.name;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5" data-testid="no-stream-for-token">
      <title>{`${token.data.name} · Mintcast`}</title>
      <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface/50 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand/15 text-brand">
          <Radio className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-bold">{t('watch.noStreamTitle')}</h1>
        <p className="max-w-md text-sm text-muted">{t('watch.noStreamText', { name })}</p>
        <Link
          to={`/start-streaming?token=${mint}`}
          className={buttonClass('primary', 'md', 'mt-2')}
          data-testid="start-this-token"
        >
          <Radio className="size-4" aria-hidden />
          {t('watch.startThisToken')}
        </Link>
      </section>
      <TokenInfoCard address={mint} />
      <TradingDataCard address={mint} />
    </div>
  );
}
