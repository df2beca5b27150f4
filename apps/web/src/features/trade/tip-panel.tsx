import { TIP_ERROR_CODES, TIP_MESSAGE_MAX_LENGTH } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Address, formatEther, type Hash, type PublicClient } from 'viem';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { notify } from '../../lib/toast.ts';
import { tipKeys, usePostTipMutation } from '../../queries/tips.ts';
import { openConnectDialog, useWallet } from '../wallet/wallet-store.ts';
import type { ChainSettings } from './chain-client.ts';
import { sendBnb, type TxStep, txErrorMessage, waitMined } from './send.ts';
import { checkTipAmount } from './tip-amount.ts';
import { tipErrorKey } from './tip-errors.ts';
import { TxStatus } from './tx-status.tsx';
import { useBnbBalanceQuery } from './use-pool.ts';

const PRESETS = ['0.01', '0.05', '0.1'];

/** "Tip": BNB straight to the creator's wallet; the server checks it on chain before chat shows it. */
export function TipPanel({
  client,
  settings,
  mint,
  creator,
}: {
  client: PublicClient;
  settings: ChainSettings;
  mint: string;
  creator: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const wallet = useWallet();
  const account = wallet.status === 'connected' && wallet.address ? (wallet.address as Address) : null;
  const [amount, setAmount] = useState('0.01');
  const [message, setMessage] = useState('');
  const [step, setStep] = useState<TxStep>({ kind: 'idle' });
  const post = usePostTipMutation(mint);
  const queryClient = useQueryClient();
  const balance = useBnbBalanceQuery(client, account);
  const checked = checkTipAmount(amount, balance.data ?? null);
  const value = checked.ok ? checked.wei : null;
  const problem = checked.ok || checked.reason === 'empty' ? null : checked.reason;
  const problemText =
    problem === 'notEnough'
      ? t('trade.tipAmountErrors.notEnough', {
          balance: fmt.decimal(Number(formatEther(balance.data ?? 0n))),
        })
      : problem
        ? t(`trade.tipAmountErrors.${problem}`)
        : null;
  const busy = step.kind === 'wallet' || step.kind === 'pending';

  if (!creator) return <p className="text-sm text-muted">{t('trade.noCreatorWallet')}</p>;

  /** The server needs N confirmations: ask again while it says the transaction is not confirmed yet. */
  const record = async (hash: Hash) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await post.mutateAsync({ txHash: hash, message });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === TIP_ERROR_CODES.unconfirmed) || attempt >= 20)
          throw err;
        await new Promise((r) => setTimeout(r, 3_000));
      }
    }
  };

  const tip = async () => {
    if (!account || !value) return;
    const label = t('trade.steps.tip');
    setStep({ kind: 'wallet', label });
    let hash: Hash | undefined;
    try {
      hash = await sendBnb(account, creator as Address, value);
      setStep({ kind: 'pending', label, hash });
      await waitMined(client, hash, settings.tipConfirmations);
      await record(hash);
      setStep({ kind: 'confirmed', label, hash });
      setMessage('');
      notify.success(t('trade.tipSent'));
    } catch (err) {
      const known = err instanceof ApiError ? tipErrorKey(err.code) : null;
      const reason = known ? t(known) : err instanceof ApiError ? err.message : txErrorMessage(err);
      setStep({ kind: 'failed', label, reason, hash });
      notify.error(t('trade.txFailed', { label, reason }));
    } finally {
      void queryClient.invalidateQueries({ queryKey: tipKeys.total(mint) });
      void balance.refetch();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            onClick={() => setAmount(p)}
            className={`flex-1 rounded-lg border px-2 py-1.5 text-xs font-semibold tabular-nums transition-colors ${
              amount === p ? 'border-warn/60 bg-warn/10 text-warn' : 'border-border text-muted hover:text-fg'
            }`}
          >
            {fmt.decimal(Number(p))} BNB
          </button>
        ))}
      </div>
      <label
        className={`flex items-center gap-2 rounded-xl border bg-surface-2 px-3 focus-within:border-warn ${
          problem ? 'border-down/60' : 'border-border'
        }`}
      >
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-label={t('trade.tipAmount')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `tip-amount-problem-${mint}` : undefined}
          className="h-10 min-w-0 flex-1 bg-transparent text-sm font-semibold tabular-nums outline-none"
        />
        <span className="text-sm font-semibold">BNB</span>
      </label>
      {problemText && (
        <p id={`tip-amount-problem-${mint}`} role="alert" className="-mt-1 text-xs text-down">
          {problemText}
        </p>
      )}
      <label className="flex flex-col gap-1">
        <textarea
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, TIP_MESSAGE_MAX_LENGTH))}
          placeholder={t('trade.tipMessagePlaceholder')}
          aria-label={t('trade.tipMessage')}
          rows={2}
          className="resize-none rounded-xl border border-border bg-surface-2 px-3 py-2 text-sm outline-none focus:border-warn"
        />
        <span className="self-end text-[11px] text-muted tabular-nums">
          {message.length}/{TIP_MESSAGE_MAX_LENGTH}
        </span>
      </label>
      {account ? (
        <button
          type="button"
          disabled={busy || !value}
          onClick={() => void tip()}
          className={buttonClass('primary', 'md', 'w-full !bg-warn !text-bg hover:!bg-warn/90')}
        >
          <Gift className="size-4" aria-hidden />
          {value
            ? t('trade.tipButton', { amount: amount.trim() })
            : problem === 'notEnough'
              ? t('trade.notEnough', { symbol: 'BNB' })
              : t('trade.enterAmount')}
        </button>
      ) : (
        <button
          type="button"
          onClick={openConnectDialog}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          {t('wallet.connect')}
        </button>
      )}
      <TxStatus step={step} explorerUrl={settings.explorerUrl} />
    </div>
  );
}
