/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import {
  createWalletClient,
  type Hex,
  hexToBigInt,
  http,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { bsc } from 'viem/chains';

/**
 * A stand-in for a browser wallet extension: an EIP-1193 provider injected into the page and announced via
 * EIP-6963 (and as window.ethereum). Its accounts are viem private-key accounts living in the TEST process;
 * the page reaches them through `page.exposeFunction`, so every signature is real.
 * Like a real extension it remembers (per test) whether the site was authorised, across reloads.
 */
export interface TestWallet {
  /** Checksummed address of the current account. */
  address: string;
  /** Switch to another private key and emit `accountsChanged` (as a user switching accounts would). */
  switchAccount(privateKey: Hex): Promise<void>;
  /** Switch the wallet's chain and emit `chainChanged`. */
  setChain(chainId: number): Promise<void>;
}

export const TEST_WALLET_INFO = {
  name: 'Mintcast Test Wallet',
  rdns: 'dev.mintcast.testwallet',
  icon: `data:image/svg+xml;base64,${Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#22c55e"/><path d="M8 12h16v10H8z" fill="#0b0f14"/><circle cx="20" cy="17" r="2" fill="#22c55e"/></svg>',
  ).toString('base64')}`,
} as const;

interface RpcError {
  code: number;
  message: string;
}
type BridgeResult = { result: unknown } | { error: RpcError };

const BRIDGE = '__mintcastTestWalletRequest';

export const installTestWallet = async (
  page: Page,
  /** `rpcUrl`: a node (anvil) the wallet sends its signed transactions and forwards every read to. */
  opts: { privateKey?: Hex; chainId?: number; rpcUrl?: string } = {},
): Promise<TestWallet & { readonly account: PrivateKeyAccount }> => {
  let account = privateKeyToAccount(opts.privateKey ?? generatePrivateKey());
  let chainId = opts.chainId ?? 56;
  let authorised = false;
  const accounts = () => (authorised ? [account.address] : []);
  const fail = (code: number, message: string): BridgeResult => ({ error: { code, message } });
  const sameAccount = (a: unknown) =>
    typeof a === 'string' && a.toLowerCase() === account.address.toLowerCase();

  /** Reads go to the node as they are, like an extension forwarding to its RPC. */
  const forward = async (method: string, params: unknown[]): Promise<BridgeResult> => {
    if (!opts.rpcUrl) return fail(4200, `The test wallet does not support ${method}`);
    const res = await fetch(opts.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcError };
    return body.error ? { error: body.error } : { result: body.result };
  };
  /** eth_sendTransaction: signed here by the viem account, sent raw to the node. */
  const sendTransaction = async (params: unknown[]): Promise<BridgeResult> => {
    const tx = params[0] as { from?: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex };
    if (!opts.rpcUrl) return fail(4200, 'The test wallet has no node to send to');
    if (!authorised || !sameAccount(tx.from)) return fail(4100, 'Unauthorized account');
    const client = createWalletClient({
      account,
      chain: { ...bsc, id: chainId, rpcUrls: { default: { http: [opts.rpcUrl] } } },
      transport: http(opts.rpcUrl),
    });
    try {
      const hash = await client.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: tx.value ? hexToBigInt(tx.value) : undefined,
        gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
      });
      return { result: hash };
    } catch (err) {
      return fail(-32603, (err as { shortMessage?: string }).shortMessage ?? String(err));
    }
  };

  const handle = async (method: string, params: unknown[]): Promise<BridgeResult> => {
    switch (method) {
      case 'eth_accounts':
        return { result: accounts() };
      case 'eth_requestAccounts':
        authorised = true;
        return { result: accounts() };
      case 'eth_chainId':
        return { result: numberToHex(chainId) };
      case 'net_version':
        return { result: String(chainId) };
      case 'wallet_requestPermissions':
        authorised = true;
        return { result: [{ parentCapability: 'eth_accounts' }] };
      case 'wallet_getPermissions':
        return { result: authorised ? [{ parentCapability: 'eth_accounts' }] : [] };
      case 'wallet_revokePermissions':
        authorised = false;
        return { result: null };
      case 'wallet_switchEthereumChain': {
        const id = (params[0] as { chainId?: string } | undefined)?.chainId;
        if (!id || !isHex(id)) return fail(-32602, 'Invalid chainId');
        await setChain(Number(id));
        return { result: null };
      }
      case 'wallet_addEthereumChain':
        return { result: null };
      case 'personal_sign': {
        const [data, address] = params as [Hex, string];
        if (!authorised || !sameAccount(address)) return fail(4100, 'Unauthorized account');
        const message = isHex(data) ? { raw: data } : String(data);
        return { result: await account.signMessage({ message }) };
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = params as [string, string];
        if (!authorised || !sameAccount(address)) return fail(4100, 'Unauthorized account');
        const typed = JSON.parse(json) as TypedDataDefinition;
        const { EIP712Domain: _domain, ...types } = (typed.types ?? {}) as Record<string, unknown>;
        return { result: await account.signTypedData({ ...typed, types } as TypedDataDefinition) };
      }
      case 'eth_sendTransaction':
        return sendTransaction(params);
      default:
        return forward(method, params);
    }
  };

  await page.exposeFunction(BRIDGE, (method: string, params: unknown[]) => handle(method, params ?? []));
  await page.addInitScript(
    ({ bridge, info }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const call = (window as unknown as Record<string, (m: string, p: unknown[]) => Promise<BridgeResult>>)[
        bridge
      ];
      const provider = {
        isMintcastTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const out = await call?.(method, Array.isArray(params) ? params : []);
          if (!out) throw Object.assign(new Error('Test wallet bridge missing'), { code: -32603 });
          if ('error' in out) throw Object.assign(new Error(out.error.message), out.error);
          return out.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
        emit(event: string, ...args: unknown[]) {
          for (const fn of listeners.get(event) ?? []) fn(...args);
        },
      };
      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
      Object.defineProperty(window, '__mintcastTestWallet', { value: provider });
      const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), ...info }), provider });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { bridge: BRIDGE, info: TEST_WALLET_INFO },
  );

  const emit = async (event: string, payload: unknown) => {
    if (page.isClosed()) return;
    await page
      .evaluate(
        ([e, p]) =>
          (
            window as unknown as { __mintcastTestWallet?: { emit(e: string, p: unknown): void } }
          ).__mintcastTestWallet?.emit(e as string, p),
        [event, payload] as const,
      )
      .catch(() => {}); // the page may be between navigations: nothing is listening then
  };

  async function setChain(id: number): Promise<void> {
    chainId = id;
    await emit('chainChanged', numberToHex(id));
  }

  return {
    get address() {
      return account.address;
    },
    get account() {
      return account;
    },
    async switchAccount(privateKey: Hex) {
      account = privateKeyToAccount(privateKey);
      if (authorised) await emit('accountsChanged', accounts());
    },
    setChain,
  };
};
