import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  type Hex,
  type HttpTransport,
  http,
  parseEther,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { LocalChain } from './anvil.ts';

export interface FundedWallet {
  privateKey: Hex;
  address: Address;
  client: WalletClient<HttpTransport, Chain, Account>;
}

/** A fresh private-key account with `bnb` BNB on the local chain (anvil_setBalance). */
export const fundedWallet = async (chain: LocalChain, bnb = '10'): Promise<FundedWallet> => {
  const privateKey = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  await chain.testClient.setBalance({ address: account.address, value: parseEther(bnb) });
  const client = createWalletClient({
    account,
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  return { privateKey, address: account.address, client };
};

/**
 * What a wallet sends for `estimate`: 30 % more gas. An estimate is exact for the pending block, and a Uniswap
 * V2 pair writes its cumulative prices only when the block's second has changed since its last swap: estimated
 * in the last block's second and mined in the next, a swap runs out of gas (about 2 in 100 here).
 */
export const withWalletMargin = (estimate: bigint): bigint => (estimate * 13n) / 10n;

type GasCall = Parameters<LocalChain['publicClient']['estimateContractGas']>[0];

/** The gas a wallet would send `call` with from `account`: the node's estimate plus the margin. */
export const gasWithMargin = async (
  chain: LocalChain,
  account: Address,
  call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; value?: bigint },
): Promise<bigint> =>
  withWalletMargin(await chain.publicClient.estimateContractGas({ ...call, account } as unknown as GasCall));
