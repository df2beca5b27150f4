import { ArrowDownUp, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Address, type PublicClient, parseUnits } from 'viem';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { ViewChartLink } from '../token/view-chart-link.tsx';
import { openConnectDialog, useWallet } from '../wallet/wallet-store.ts';
import type { ChainSettings } from './chain-client.ts';
import { formatAmount, minimumReceived, parseSlippage, SLIPPAGE_DEFAULT_PERCENT } from './dex-math.ts';
import { TxStatus } from './tx-status.tsx';
import { useBalancesQuery, usePoolQuery } from './use-pool.ts';
import { type Side, useQuoteQuery } from './use-quote.ts';
import { useSwap } from './use-swap.ts';

const parseAmount = (text: string, decimals: number): bigint | null => {
  try {
    const v = parseUnits(text.trim().replace(',', '.'), decimals);
    return v > 0n ? v : null;
  } catch {
    return null;
  }
};

/** Buy with BNB / Sell for BNB through the PancakeSwap V2 router, with the quote and limits in view. */
export function TradePanel({
  client,
  settings,
  token,
}: {
  client: PublicClient;
  settings: ChainSettings;
  token: Address;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const wallet = useWallet();
  const account = wallet.status === 'connected' && wallet.address ? (wallet.address as Address) : null;
  const pool = usePoolQuery(client, settings, token);
  const balances = useBalancesQuery(client, settings, token, account);
  const [side, setSide] = useState<Side>('buy');
  const [amountText, setAmountText] = useState('');
  const [slippageText, setSlippageText] = useState(String(SLIPPAGE_DEFAULT_PERCENT));
  const { step, swap, busy } = useSwap(client, settings, token);

  const p = pool.data;
  const inDecimals = side === 'buy' ? 18 : (p?.decimals ?? 18);
  const outDecimals = side === 'buy' ? (p?.decimals ?? 18) : 18;
  const inSymbol = side === 'buy' ? 'BNB' : (p?.symbol ?? '');
  const outSymbol = side === 'buy' ? (p?.symbol ?? '') : 'BNB';
  const amountIn = parseAmount(amountText, inDecimals);
  const slippage = parseSlippage(slippageText);
  const quote = useQuoteQuery(client, settings, token, p, side, amountIn);
  const minOut = quote.data && slippage !== null ? minimumReceived(quote.data.amountOut, slippage) : null;
  const available = side === 'buy' ? balances.data?.bnb : balances.data?.tokens;
  const tooMuch = amountIn !== null && available !== undefined && amountIn > available;

  if (pool.isPending) return <div className="skeleton h-40 rounded-xl" aria-busy="true" />;
  if (pool.isError) return <p className="text-sm text-down">{t('trade.poolError')}</p>;
  if (!p) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-surface-2 px-4 py-4 text-sm">
        <p className="font-medium">{t('trade.noPair')}</p>
        <ViewChartLink address={token} />
      </div>
    );
  }

  const tab = (s: Side, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={side === s}
      onClick={() => {
        setSide(s);
        setAmountText('');
      }}
      className={`flex-1 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors ${
        side === s ? (s === 'buy' ? 'bg-up/15 text-up' : 'bg-down/15 text-down') : 'text-muted hover:text-fg'
      }`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label={t('trade.side')} className="flex gap-1 rounded-xl bg-surface-2 p-1">
        {tab('buy', t('trade.buyWithBnb'))}
        {tab('sell', t('trade.sellForBnb'))}
      </div>
      <label className="flex flex-col gap-1.5 text-xs font-medium text-muted">
        <span className="flex justify-between">
          <span>{t('trade.youPay')}</span>
          {account && (
            <span data-testid={side === 'buy' ? 'bnb-balance' : 'token-balance'}>
              {t('trade.balance')}{' '}
              {available === undefined ? '…' : `${formatAmount(available, inDecimals, 4)} ${inSymbol}`}
            </span>
          )}
        </span>
        <span className="flex items-center gap-2 rounded-xl border border-border bg-surface-2 px-3 focus-within:border-brand">
          <input
            inputMode="decimal"
            placeholder="0.0"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-label={t('trade.amountIn', { symbol: inSymbol })}
            className="h-11 min-w-0 flex-1 bg-transparent text-base font-semibold text-fg tabular-nums outline-none"
          />
          <span className="text-sm font-semibold text-fg">{inSymbol}</span>
        </span>
      </label>
      <dl
        className="flex flex-col gap-1.5 rounded-xl bg-surface-2 px-3 py-2.5 text-xs"
        data-testid="trade-summary"
      >
        <Row label={t('trade.youReceive')}>
          {quote.data ? `${formatAmount(quote.data.amountOut, outDecimals)} ${outSymbol}` : '–'}
        </Row>
        <Row label={t('trade.priceImpact')}>{quote.data ? fmt.measured(quote.data.impact, 2) : '–'}</Row>
        <Row label={t('trade.minimumReceived')}>
          {minOut !== null ? `${formatAmount(minOut, outDecimals)} ${outSymbol}` : '–'}
        </Row>
        <Row
          label={
            <span className="flex items-center gap-1">
              <Settings2 className="size-3" aria-hidden />
              {t('trade.slippage')}
            </span>
          }
        >
          <span className="flex items-center gap-1">
            <input
              value={slippageText}
              onChange={(e) => setSlippageText(e.target.value)}
              aria-label={t('trade.slippageLabel')}
              aria-invalid={slippage === null}
              className="w-12 rounded-md border border-border bg-surface px-1.5 py-0.5 text-right tabular-nums outline-none focus:border-brand aria-invalid:border-down"
            />
            %
          </span>
        </Row>
      </dl>
      {slippage === null && <p className="text-xs text-down">{t('trade.slippageInvalid')}</p>}
      {quote.data && quote.data.impact >= 5 && (
        <p className="text-xs font-medium text-warn">
          {t('trade.highImpact', { impact: fmt.decimal(quote.data.impact, 2) })}
        </p>
      )}
      {account ? (
        <button
          type="button"
          disabled={busy || !amountIn || minOut === null || tooMuch || (quote.isFetching && !quote.data)}
          onClick={() =>
            amountIn &&
            minOut !== null &&
            void swap({ side, account, amountIn, minOut, allowance: balances.data?.allowance ?? 0n })
          }
          className={buttonClass('primary', 'lg', 'w-full')}
        >
          <ArrowDownUp className="size-4" aria-hidden />
          {tooMuch
            ? t('trade.notEnough', { symbol: inSymbol })
            : side === 'buy'
              ? t('trade.buy', { symbol: p.symbol })
              : (balances.data?.allowance ?? 0n) < (amountIn ?? 0n)
                ? t('trade.approveAndSell', { symbol: p.symbol })
                : t('trade.sell', { symbol: p.symbol })}
        </button>
      ) : (
        <button
          type="button"
          onClick={openConnectDialog}
          className={buttonClass('secondary', 'lg', 'w-full')}
        >
          {t('wallet.connect')}
        </button>
      )}
      <TxStatus step={step} explorerUrl={settings.explorerUrl} />
    </div>
  );
}

function Row({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-fg tabular-nums">{children}</dd>
    </div>
  );
}
