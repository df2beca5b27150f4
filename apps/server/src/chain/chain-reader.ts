import { BSC_CHAIN_ID } from '@mintcast/contracts';
import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hash,
  http,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { bsc } from 'viem/chains';
import { AppError } from '../http/errors.ts';

/** The chain could not be read (RPC down, timeout, garbage): a 503 the client shows as such. */
export const chainUnavailable = (cause: unknown) =>
  new AppError(
    503,
    'chain_unavailable',
    `BNB Smart Chain could not be reached: ${(cause as { shortMessage?: string })?.shortMessage ?? 'RPC error'}`,
  );

export interface ChainTransaction {
  from: Address;
  to: Address | null;
  value: bigint;
}

/** What the server reads on chain, and nothing else. Every failure to reach the RPC is `chain_unavailable`. */
export interface ChainReader {
  /** null: the node does not know this hash. */
  transaction(hash: Hash): Promise<ChainTransaction | null>;
  /** null: not mined yet. */
  receipt(hash: Hash): Promise<{ status: 'success' | 'reverted'; blockNumber: bigint } | null>;
  blockNumber(): Promise<bigint>;
  tokenBalance(token: Address, wallet: Address): Promise<bigint>;
}

/** A reader over viem's public client on `rpcUrl` (BNB Smart Chain, or anvil with chain id 56 in tests). */
export const createChainReader = (rpcUrl: string, opts: { timeoutMs?: number } = {}): ChainReader => {
  const client = createPublicClient({
    chain: { ...bsc, id: BSC_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } },
    transport: http(rpcUrl, { timeout: opts.timeoutMs ?? 8_000, retryCount: 1 }),
  });
  const guard = async <T>(
    read: () => Promise<T>,
    notFound?: new (...a: never[]) => Error,
  ): Promise<T | null> => {
    try {
      return await read();
    } catch (err) {
      if (notFound && err instanceof notFound) return null;
      throw chainUnavailable(err);
    }
  };
  return {
    async transaction(hash) {
      const tx = await guard(() => client.getTransaction({ hash }), TransactionNotFoundError);
      return tx ? { from: tx.from, to: tx.to, value: tx.value } : null;
    },
    async receipt(hash) {
      const r = await guard(() => client.getTransactionReceipt({ hash }), TransactionReceiptNotFoundError);
      return r ? { status: r.status, blockNumber: r.blockNumber } : null;
    },
    async blockNumber() {
      return (await guard(() => client.getBlockNumber({ cacheTime: 0 }))) as bigint;
    },
    async tokenBalance(token, wallet) {
      const read = () =>
        client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] });
      return (await guard(read)) as bigint;
    },
  };
};
