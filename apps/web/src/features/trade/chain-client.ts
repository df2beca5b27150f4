import { BSC_CHAIN_ID, type TPublicConfig } from '@mintcast/contracts';
import { createPublicClient, http, type PublicClient, parseAbi } from 'viem';
import { bsc } from 'viem/chains';

export type ChainSettings = TPublicConfig['chain'];

const clients = new Map<string, PublicClient>();

/** One viem client per RPC URL: every read of the panels goes through the site's configured RPC. */
export const chainClient = (rpcUrl: string): PublicClient => {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({
      chain: { ...bsc, id: BSC_CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }),
      pollingInterval: 1_000,
    }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
};

export const routerAbi = parseAbi([
  'function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint amountOutMin, address[] path, address to, uint deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline)',
]);
export const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
export const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
]);

/** BscScan (or the configured explorer) page of a transaction. */
export const txUrl = (explorerUrl: string, hash: string): string => `${explorerUrl}/tx/${hash}`;
