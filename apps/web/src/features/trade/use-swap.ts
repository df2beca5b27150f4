import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address, PublicClient } from 'viem';
import { erc20Abi } from 'viem';
import { notify } from '../../lib/toast.ts';
import { reportTrade } from '../../queries/trade-alerts.ts';
import { type ChainSettings, routerAbi } from './chain-client.ts';
import { deadlineFrom } from './dex-math.ts';
import { sendContractCall, type TxStep, txErrorMessage, waitMined } from './send.ts';
import { type Side, swapPath } from './use-quote.ts';

/**
 * The swap flow: (sell only) approve the router for the amount if the allowance is short, then the
 * fee-on-transfer-safe swap with the minimum and a deadline. Each step shows in the panel and as a toast.
 */
export const useSwap = (client: PublicClient, settings: ChainSettings, token: Address) => {
  const { t } = useTranslation();
  const [step, setStep] = useState<TxStep>({ kind: 'idle' });
  const queryClient = useQueryClient();

  const run = async (
    label: string,
    send: () => Promise<`0x${string}`>,
    /** Called with the hash as soon as the wallet sent it (the swap's report to the stream). */
    sent?: (hash: `0x${string}`) => void,
  ) => {
    setStep({ kind: 'wallet', label });
    let hash: `0x${string}` | undefined;
    try {
      hash = await send();
      sent?.(hash);
      setStep({ kind: 'pending', label, hash });
      await waitMined(client, hash);
      setStep({ kind: 'confirmed', label, hash });
      return true;
    } catch (err) {
      const reason = txErrorMessage(err);
      setStep({ kind: 'failed', label, reason, hash });
      notify.error(t('trade.txFailed', { label, reason }));
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['chain'] });
    }
  };

  const swap = async (input: {
    side: Side;
    account: Address;
    amountIn: bigint;
    minOut: bigint;
    allowance: bigint;
  }) => {
    const { side, account, amountIn, minOut } = input;
    const router = settings.router as Address;
    if (side === 'sell' && input.allowance < amountIn) {
      const approved = await run(t('trade.steps.approval'), () =>
        sendContractCall(client, account, {
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [router, amountIn],
        }),
      );
      if (!approved) return;
    }
    const path = swapPath(side, settings, token);
    const deadline = deadlineFrom(Date.now());
    const label = side === 'buy' ? t('trade.steps.buy') : t('trade.steps.sell');
    const ok = await run(
      label,
      () =>
        sendContractCall(
          client,
          account,
          side === 'buy'
            ? {
                address: router,
                abi: routerAbi,
                functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
                args: [minOut, path, account, deadline],
                value: amountIn,
              }
            : {
                address: router,
                abi: routerAbi,
                functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
                args: [amountIn, minOut, path, account, deadline],
              },
        ),
      // Reported before it is mined, so the alert (posted when the chain shows it) is marked from the start.
      (hash) => void reportTrade(token, hash),
    );
    if (ok) notify.success(side === 'buy' ? t('trade.purchaseConfirmed') : t('trade.saleConfirmed'));
  };

  return { step, swap, busy: step.kind === 'wallet' || step.kind === 'pending' };
};
