import { erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startAnvil } from './anvil.ts';
import { artifacts } from './artifacts.ts';
import { type DexDeployment, deployDex, pairAddress } from './dex.ts';
import { fundedWallet, gasWithMargin } from './wallets.ts';

const factoryAbi = artifacts.factory.abi;
const routerAbi = artifacts.router.abi;

describe('local chain with a Uniswap V2 deployment', () => {
  let chain: LocalChain;
  let dex: DexDeployment;
  beforeAll(async () => {
    chain = await startAnvil();
    dex = await deployDex(chain);
  });
  afterAll(() => chain?.stop());

  it('runs as chain 56 with pairs where Router02 expects them', async () => {
    expect(await chain.publicClient.getChainId()).toBe(56);
    for (const t of [dex.token, dex.feeToken]) {
      const pair = await chain.publicClient.readContract({
        address: dex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [dex.wbnb, t],
      });
      expect(pair).toBe(pairAddress(dex.factory, dex.wbnb, t));
    }
  });

  it('leaves each pair with its cumulative prices written, so a first swap costs what later ones do', async () => {
    for (const t of [dex.token, dex.feeToken]) {
      const pair = pairAddress(dex.factory, dex.wbnb, t);
      for (const functionName of ['price0CumulativeLast', 'price1CumulativeLast'] as const) {
        expect(
          await chain.publicClient.readContract({ address: pair, abi: artifacts.pair.abi, functionName }),
        ).not.toBe(0n);
      }
    }
  });

  it('buys with BNB and sells a fee-on-transfer token back', async () => {
    const w = await fundedWallet(chain);
    const deadline = 2n ** 40n;
    const buyCall = {
      address: dex.router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [dex.wbnb, dex.feeToken], w.address, deadline],
      value: parseEther('1'),
    } as const;
    const buy = await w.client.writeContract({
      ...buyCall,
      gas: await gasWithMargin(chain, w.address, buyCall),
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: buy })).status).toBe('success');
    const balance = await chain.publicClient.readContract({
      address: dex.feeToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [w.address],
    });
    expect(balance).toBeGreaterThan(0n);

    const approve = await w.client.writeContract({
      address: dex.feeToken,
      abi: erc20Abi,
      functionName: 'approve',
      args: [dex.router, balance],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approve });
    const before = await chain.publicClient.getBalance({ address: w.address });
    const sellCall = {
      address: dex.router,
      abi: routerAbi,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [balance, 0n, [dex.feeToken, dex.wbnb], w.address, deadline],
    } as const;
    // anvil's estimate also leaves too little for WBNB's 2300-gas `transfer` to the router.
    const sell = await w.client.writeContract({
      ...sellCall,
      gas: await gasWithMargin(chain, w.address, sellCall),
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: sell })).status).toBe('success');
    expect(await chain.publicClient.getBalance({ address: w.address })).toBeGreaterThan(before);
  });
});
