import { BSC_CHAIN_ID } from '@mintcast/contracts';
import type { Abi, Address, Hash, PublicClient } from 'viem';
import { sendTransaction, writeContract } from 'wagmi/actions';
import { i18n } from '../../lib/i18n/i18n.ts';
import { wagmiConfig } from '../wallet/wagmi-config.ts';
import { walletErrorMessage } from '../wallet/wallet-controller.ts';
import { withGasMargin } from './dex-math.ts';

/** What a transaction step shows in a panel: each state of issue 18's list. */
export type TxStep =
  | { kind: 'idle' }
  | { kind: 'wallet'; label: string }
  | { kind: 'pending'; label: string; hash: Hash }
  | { kind: 'confirmed'; label: string; hash: Hash }
  | { kind: 'failed'; label: string; reason: string; hash?: Hash };

export interface ContractCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
}

/** A sentence for a failure before, in or after the wallet. */
export const txErrorMessage = (err: unknown): string => {
  const e = err as { shortMessage?: string; details?: string };
  if (e?.details && /reverted|execution/i.test(e.shortMessage ?? '')) return e.details;
  return walletErrorMessage(err);
};

/**
 * Estimate on the site's RPC first (a call that would revert fails here, before the wallet opens), then ask
 * the wallet to send it with a gas margin.
 */
export const sendContractCall = async (
  client: PublicClient,
  account: Address,
  call: ContractCall,
): Promise<Hash> => {
  const gas = await client.estimateContractGas({ ...call, account } as Parameters<
    PublicClient['estimateContractGas']
  >[0]);
  // The ABI is only known at run time here (router or ERC-20), so wagmi's per-function typing cannot apply.
  const params = { ...call, account, gas: withGasMargin(gas), chainId: BSC_CHAIN_ID };
  return writeContract(wagmiConfig, params as never);
};

/** A plain BNB transfer (tips). */
export const sendBnb = (account: Address, to: Address, value: bigint): Promise<Hash> =>
  sendTransaction(wagmiConfig, { account, to, value, chainId: BSC_CHAIN_ID });

/** Wait for the receipt on the site's RPC; a reverted transaction throws with that reason. */
export const waitMined = async (client: PublicClient, hash: Hash, confirmations = 1): Promise<void> => {
  const receipt = await client.waitForTransactionReceipt({ hash, confirmations, timeout: 180_000 });
  if (receipt.status !== 'success') throw new Error(i18n.t('trade.failedOnChain'));
};
