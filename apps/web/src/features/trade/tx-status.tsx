import { CheckCircle2, ExternalLink, Loader2, Wallet, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { txUrl } from './chain-client.ts';
import type { TxStep } from './send.ts';

/** The current transaction step of a panel: waiting for the wallet, pending (explorer link), confirmed, failed. */
export function TxStatus({ step, explorerUrl }: { step: TxStep; explorerUrl: string }) {
  const { t } = useTranslation();
  if (step.kind === 'idle') return null;
  const link =
    'hash' in step && step.hash ? (
      <a
        href={txUrl(explorerUrl, step.hash)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-brand underline-offset-2 hover:underline"
      >
        {t('trade.viewOnBscScan')}
        <ExternalLink className="size-3" aria-hidden />
      </a>
    ) : null;
  const tone =
    step.kind === 'failed'
      ? 'border-down/30 bg-down/10 text-down'
      : step.kind === 'confirmed'
        ? 'border-up/30 bg-up/10 text-up'
        : 'border-border bg-surface-2 text-fg';
  return (
    <div
      role="status"
      data-testid="tx-status"
      data-state={step.kind}
      className={`rounded-xl border px-3 py-2.5 text-sm ${tone}`}
    >
      <p className="flex items-center gap-2 font-medium">
        {step.kind === 'wallet' && <Wallet className="size-4 shrink-0" aria-hidden />}
        {step.kind === 'pending' && <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />}
        {step.kind === 'confirmed' && <CheckCircle2 className="size-4 shrink-0" aria-hidden />}
        {step.kind === 'failed' && <XCircle className="size-4 shrink-0" aria-hidden />}
        <span>
          {step.kind === 'wallet' && t('trade.txWallet', { label: step.label })}
          {step.kind === 'pending' && t('trade.txPending', { label: step.label })}
          {step.kind === 'confirmed' && t('trade.txConfirmed', { label: step.label })}
          {step.kind === 'failed' && t('trade.txFailed', { label: step.label, reason: step.reason })}
        </span>
      </p>
      {link && <p className="mt-1 pl-6 text-xs">{link}</p>}
    </div>
  );
}
