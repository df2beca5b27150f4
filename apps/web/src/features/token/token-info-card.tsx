import { DEFAULT_TOKEN_IMAGE } from '@mintcast/contracts';
import { useTranslation } from 'react-i18next';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { useTokenQuery } from '../../queries/token.ts';
import { CopyAddressButton } from './copy-address-button.tsx';
import { TokenLinks } from './token-links.tsx';

export interface TokenInfoFallback {
  name?: string | undefined;
  symbol?: string | undefined;
  image?: string | null | undefined;
}

/**
 * Token info card (spec §2): image, name, $symbol, the contract address with copy, links and BscScan.
 * Market data fills it in; the stream record's name, symbol and image stand in until then (or when the
 * token has no market data), so the card never shows an empty frame.
 */
export function TokenInfoCard({ address, fallback = {} }: { address: string; fallback?: TokenInfoFallback }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useTokenQuery(address);
  const name = data?.name || fallback.name || '';
  const symbol = data?.symbol || fallback.symbol || '';
  const image = data?.imageUrl || fallback.image || null;
  const waiting = isPending && !error && !name;

  return (
    <section aria-label={t('token.info')} className="rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex items-center gap-4">
        <FallbackImage
          src={image}
          fallback={DEFAULT_TOKEN_IMAGE}
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-full bg-surface-2 object-cover ring-1 ring-border"
        />
        <div className="min-w-0 flex-1">
          {waiting ? (
            <>
              <div className="skeleton h-5 w-40 rounded" />
              <div className="skeleton mt-2 h-4 w-20 rounded" />
            </>
          ) : (
            <>
              <h2 className="truncate text-lg font-bold leading-tight" data-testid="token-name">
                {name || t('token.unknownToken')}
              </h2>
              <p className="mt-1 text-sm font-medium text-muted" data-testid="token-symbol">
                ${symbol || 'UNKNOWN'}
              </p>
            </>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        <span className="mr-1 text-xs font-medium uppercase tracking-wide text-muted">
          {t('token.contract')}
        </span>
        <CopyAddressButton address={address} />
      </div>
      <div className="mt-3">
        <TokenLinks address={address} data={data} />
      </div>
    </section>
  );
}
