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

/** The RPC serves another chain than BNB Smart Chain: nothing read from it may count (issue 28). */
export const wrongChain = (chainId: number) =>
  Object.assign(
    new AppError(
      503,
      'chain_unavailable',
      `Tips cannot be verified: the server's chain node (BSC_RPC_URL) is on chain ${chainId}, not BNB Smart Chain (${BSC_CHAIN_ID})`,
    ),
    { wrongChainId: chainId },
  );

/** True for the error `wrongChain` makes. */
export const isWrongChain = (err: unknown): boolean =>
  typeof (err as { wrongChainId?: unknown } | null)?.wrongChainId === 'number';

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
  /**
   * Balances of many wallets in ONE `eth_call` (Multicall3's aggregate3): null for a wallet whose call failed.
   * Throws `chain_unavailable` when the call itself fails.
   */
  tokenBalances(token: Address, wallets: readonly Address[]): Promise<(bigint | null)[]>;
  /** A token's decimals and total supply, in one `eth_call`; throws `chain_unavailable` when either fails. */
  tokenFacts(token: Address): Promise<{ decimals: number; totalSupply: bigint }>;
  /**
   * The node's chain id, checked once: resolves when it is BNB Smart Chain's, throws `wrongChain` when it is
   * not (every read above throws the same first), and `chain_unavailable` while the node cannot be asked.
   */
  verifyChain(): Promise<void>;
}

/** A reader over viem's public client on `rpcUrl` (BNB Smart Chain, or anvil with chain id 56 in tests). */
export const createChainReader = (rpcUrl: string, opts: { timeoutMs?: number } = {}): ChainReader => {
  const client = createPublicClient({
    chain: { ...bsc, id: BSC_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } },
    transport: http(rpcUrl, { timeout: opts.timeoutMs ?? 8_000, retryCount: 1 }),
  });
  // The id is asked once and kept, right or wrong (a node does not change chains); a failure to ask is not kept.
  let chainCheck: Promise<void> | null = null;
  const verifyChain = (): Promise<void> => {
    chainCheck ??= client.getChainId().then(
      (id) => {
        if (id !== BSC_CHAIN_ID) throw wrongChain(id);
      },
      (err: unknown) => {
        chainCheck = null;
        throw chainUnavailable(err);
      },
    );
    return chainCheck;
  };
  const guard = async <T>(
    read: () => Promise<T>,
    notFound?: new (...a: never[]) => Error,
  ): Promise<T | null> => {
    // A transfer or a balance on another chain (a testnet, a fork) must never count: tips, badges.
    await verifyChain();
    try {
      return await read();
    } catch (err) {
      if (notFound && err instanceof notFound) return null;
      throw chainUnavailable(err);
    }
  };
  return {
    verifyChain,
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
    async tokenBalances(token, wallets) {
      if (wallets.length === 0) return [];
      // Deployless: Multicall3's code goes with the call, so no contract has to exist on the node (anvil in tests
      // has none; BSC's canonical one would do as well). batchSize 0: one eth_call however many wallets.
      const read = () =>
        client.multicall({
          contracts: wallets.map((w) => ({
            address: token,
            abi: erc20Abi,
            functionName: 'balanceOf' as const,
            args: [w] as const,
          })),
          allowFailure: true,
          deployless: true,
          batchSize: 0,
        });
      const results = (await guard(read)) as { status: 'success' | 'failure'; result?: unknown }[];
      return results.map((r) => (r.status === 'success' ? (r.result as bigint) : null));
    },
    async tokenFacts(token) {
      const read = () =>
        client.multicall({
          contracts: [
            { address: token, abi: erc20Abi, functionName: 'decimals' as const },
            { address: token, abi: erc20Abi, functionName: 'totalSupply' as const },
          ],
          allowFailure: false,
          deployless: true,
          batchSize: 0,
        });
      const [decimals, totalSupply] = (await guard(read)) as [number, bigint];
      return { decimals, totalSupply };
    },
  };
};
