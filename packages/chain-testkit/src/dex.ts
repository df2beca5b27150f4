import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  type Hex,
  type HttpTransport,
  http,
  keccak256,
  parseEther,
} from 'viem';
import type { LocalChain } from './anvil.ts';
import { type Artifact, artifacts } from './artifacts.ts';

export interface DexDeployment {
  wbnb: Address;
  factory: Address;
  router: Address;
  /** A plain ERC-20 with a WBNB pair. */
  token: Address;
  /** A fee-on-transfer ERC-20 (1 % burnt per transfer) with a WBNB pair. */
  feeToken: Address;
  /** An ERC-20 with no pair at all. */
  unpairedToken: Address;
  /** The account that deployed everything and holds the tokens not in the pools. */
  deployer: Address;
}

export interface DeployDexOptions {
  /** Liquidity per pool: BNB and tokens (18 decimals). Default 100 BNB : 1,000,000 tokens. */
  bnb?: bigint;
  tokens?: bigint;
}

/** The init code hash Router02 has compiled in; a pair at another hash would make every swap revert. */
export const pairInitCodeHash = (): Hex => keccak256(artifacts.pair.bytecode);

/**
 * Deploy WBNB, a Uniswap V2 factory and Router02, and three test tokens from their npm build artifacts,
 * then add liquidity for two of them. Uses anvil's first (unlocked) dev account.
 */
export const deployDex = async (chain: LocalChain, opts: DeployDexOptions = {}): Promise<DexDeployment> => {
  const transport = http(chain.rpcUrl);
  const [deployer] = await createWalletClient({ chain: chain.chain, transport }).getAddresses();
  if (!deployer) throw new Error('anvil has no dev account');
  const wallet = createWalletClient({
    account: deployer,
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  const routerCode = artifacts.router.bytecode.toLowerCase();
  if (!routerCode.includes(pairInitCodeHash().slice(2))) {
    throw new Error('UniswapV2Router02 artifact does not match the UniswapV2Pair init code hash');
  }

  const deploy = async (artifact: Artifact, args: readonly unknown[]): Promise<Address> => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deployment failed');
    return receipt.contractAddress;
  };
  const supply = parseEther('1000000000');
  const wbnb = await deploy(artifacts.weth, []);
  const factory = await deploy(artifacts.factory, [deployer]);
  const router = await deploy(artifacts.router, [factory, wbnb]);
  const token = await deploy(artifacts.erc20, [supply]);
  const feeToken = await deploy(artifacts.deflatingErc20, [supply]);
  const unpairedToken = await deploy(artifacts.erc20, [supply]);

  const bnb = opts.bnb ?? parseEther('100');
  const tokens = opts.tokens ?? parseEther('1000000');
  for (const t of [token, feeToken]) {
    const approve = await wallet.writeContract({
      address: t,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, tokens],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approve });
    const add = await wallet.writeContract({
      address: router,
      abi: artifacts.router.abi,
      functionName: 'addLiquidityETH',
      args: [t, tokens, 0n, 0n, deployer, 2n ** 255n],
      value: bnb,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: add });
    if (receipt.status !== 'success') throw new Error('addLiquidityETH failed');
  }
  await ageThePairs(chain, wallet, [pairAddress(factory, wbnb, token), pairAddress(factory, wbnb, feeToken)]);
  return { wbnb, factory, router, token, feeToken, unpairedToken, deployer };
};

/**
 * Make new pairs look like pairs on a live chain: a pair writes its cumulative prices for the first time on
 * its first update in a later second than its liquidity, and that first write costs ~40,000 gas more than
 * later ones. A swap estimated in the liquidity's second but mined in the next would pay it, beyond the 30 %
 * margin a wallet adds, and revert. So: one second on, and a `sync` of each pair pays it here.
 */
const ageThePairs = async (
  chain: LocalChain,
  wallet: ReturnType<typeof createWalletClient<HttpTransport, Chain, Account>>,
  pairs: Address[],
): Promise<void> => {
  await chain.testClient.increaseTime({ seconds: 1 });
  for (const pair of pairs) {
    const hash = await wallet.writeContract({
      address: pair,
      abi: artifacts.pair.abi,
      functionName: 'sync',
      gas: 200_000n,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error('pair sync failed');
  }
};

/** The pair address CREATE2 gives for two tokens (what the router computes). */
export const pairAddress = (factory: Address, a: Address, b: Address): Address => {
  const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(`0x${t0.slice(2)}${t1.slice(2)}`),
    bytecodeHash: pairInitCodeHash(),
  });
};
