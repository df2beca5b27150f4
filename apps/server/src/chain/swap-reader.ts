import { BSC_CHAIN_ID } from '@mintcast/contracts';
import { type Address, createPublicClient, type Hash, http, parseAbi, parseAbiItem, zeroAddress } from 'viem';
import { bsc } from 'viem/chains';

/** PancakeSwap V2's (Uniswap V2's) pair event, the one buy and sell alerts read. */
export const SWAP_EVENT = parseAbiItem(
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
);
const FACTORY_ABI = parseAbi(['function getPair(address, address) view returns (address)']);

/** One Swap log as the alert watcher uses it. */
export interface SwapLog {
  pair: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  amount0In: bigint;
  amount1In: bigint;
  amount0Out: bigint;
  amount1Out: bigint;
  /** Delivered as dropped by a reorganisation (a node's filter says so; a re-read just leaves it out). */
  removed: boolean;
}

/**
 * What the buy and sell alerts read on chain, and nothing else: the head, a token's pair with WBNB (the
 * factory's getPair), every Swap of many pairs in one `eth_getLogs`, and a transaction's sender. Each read
 * throws when the node cannot answer; the watcher pauses then.
 */
export interface SwapReader {
  head(): Promise<bigint>;
  /** The pair's address, or null when the factory has none. */
  pairOf(factory: Address, wbnb: Address, token: Address): Promise<Address | null>;
  swaps(pairs: readonly Address[], fromBlock: bigint, toBlock: bigint): Promise<SwapLog[]>;
  senderOf(txHash: Hash): Promise<Address | null>;
}

export const createSwapReader = (rpcUrl: string, opts: { timeoutMs?: number } = {}): SwapReader => {
  const client = createPublicClient({
    chain: { ...bsc, id: BSC_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } },
    // Short: a slow node pauses the alerts at once rather than holding the round; no retry (the next poll is one).
    transport: http(rpcUrl, { timeout: opts.timeoutMs ?? 4_000, retryCount: 0 }),
  });
  let chainChecked = false;
  const checkChain = async () => {
    if (chainChecked) return;
    const id = await client.getChainId();
    if (id !== BSC_CHAIN_ID) throw new Error(`BSC_RPC_URL is on chain ${id}, not ${BSC_CHAIN_ID}`);
    chainChecked = true;
  };
  return {
    async head() {
      await checkChain();
      return client.getBlockNumber({ cacheTime: 0 });
    },
    async pairOf(factory, wbnb, token) {
      await checkChain();
      const pair = await client.readContract({
        address: factory,
        abi: FACTORY_ABI,
        functionName: 'getPair',
        args: [wbnb, token],
      });
      return pair === zeroAddress ? null : pair;
    },
    async swaps(pairs, fromBlock, toBlock) {
      if (pairs.length === 0 || toBlock < fromBlock) return [];
      await checkChain();
      // One request for every pair: eth_getLogs takes an address list.
      const logs = await client.getLogs({ address: [...pairs], event: SWAP_EVENT, fromBlock, toBlock });
      return logs.flatMap((l) =>
        l.transactionHash && l.blockHash && l.blockNumber !== null && l.logIndex !== null
          ? [
              {
                pair: l.address.toLowerCase(),
                txHash: l.transactionHash.toLowerCase(),
                logIndex: l.logIndex,
                blockNumber: l.blockNumber,
                blockHash: l.blockHash.toLowerCase(),
                amount0In: l.args.amount0In ?? 0n,
                amount1In: l.args.amount1In ?? 0n,
                amount0Out: l.args.amount0Out ?? 0n,
                amount1Out: l.args.amount1Out ?? 0n,
                removed: l.removed,
              },
            ]
          : [],
      );
    },
    async senderOf(txHash) {
      await checkChain();
      const tx = await client.getTransaction({ hash: txHash }).catch((err: unknown) => {
        if ((err as { name?: string })?.name === 'TransactionNotFoundError') return null;
        throw err;
      });
      return tx ? tx.from : null;
    },
  };
};

/** A swap seen from the token's side: a buy (BNB in) or a sell (BNB out), and how much BNB. */
export const decodeSwap = (
  log: Pick<SwapLog, 'amount0In' | 'amount1In' | 'amount0Out' | 'amount1Out'>,
  tokenIsToken0: boolean,
): { side: 'buy' | 'sell'; bnbWei: bigint } | null => {
  const bnbIn = tokenIsToken0 ? log.amount1In : log.amount0In;
  const bnbOut = tokenIsToken0 ? log.amount1Out : log.amount0Out;
  if (bnbIn > bnbOut) return { side: 'buy', bnbWei: bnbIn - bnbOut };
  if (bnbOut > bnbIn) return { side: 'sell', bnbWei: bnbOut - bnbIn };
  return null;
};
