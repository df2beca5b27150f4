import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

const load = (id: string): Artifact => {
  const json = require(id) as { abi: Abi; bytecode: string };
  const hex = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`;
  return { abi: json.abi, bytecode: hex as Hex };
};

/**
 * Uniswap V2 as published on npm (PancakeSwap V2 is a fork with the same interface). WETH9 (the contract
 * WBNB is) and the two test tokens come from v2-periphery's build too: `canonical-weth` on npm ships only
 * an ABI, no bytecode. `ERC20` is a plain token minting its supply to the deployer; `DeflatingERC20` burns
 * 1 % of every transfer (a fee-on-transfer token).
 */
export const artifacts = {
  factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
  pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
  router: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  weth: load('@uniswap/v2-periphery/build/WETH9.json'),
  erc20: load('@uniswap/v2-periphery/build/ERC20.json'),
  deflatingErc20: load('@uniswap/v2-periphery/build/DeflatingERC20.json'),
};
