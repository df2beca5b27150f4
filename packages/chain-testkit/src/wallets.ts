import {
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
