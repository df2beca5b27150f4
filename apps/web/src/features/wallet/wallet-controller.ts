import { BSC_CHAIN_ID } from '@mintcast/contracts';
import type { Connector } from 'wagmi';
import {
  connect,
  getConnection,
  getConnectors,
  reconnect,
  switchChain,
  disconnect as wagmiDisconnect,
  watchConnection,
} from 'wagmi/actions';
import { i18n } from '../../lib/i18n/i18n.ts';
import { loadSessionManager } from '../../lib/session/session.ts';
import { sessionManager } from '../../lib/session/session-runtime.ts';
import { signInWithEthereum } from './siwe-sign-in.ts';
import { FALLBACK_CONNECTOR_ID, wagmiConfig } from './wagmi-config.ts';
import { getWalletState, setWalletState, WALLET_MARKER_KEY } from './wallet-store.ts';

// Hooks this already-loaded manager's events into the entry's session snapshot.
void loadSessionManager();

/** A user-facing sentence for a wallet failure (in the current language). */
export const walletErrorMessage = (err: unknown): string => {
  const e = err as { code?: number; cause?: { code?: number }; shortMessage?: string; message?: string };
  const code = e?.code ?? e?.cause?.code;
  if (code === 4001 || /reject|denied/i.test(e?.message ?? '')) return i18n.t('wallet.rejected');
  if (code === -32002) return i18n.t('wallet.pending');
  return e?.shortMessage ?? e?.message ?? i18n.t('wallet.failed');
};

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Installed wallets, one per rdns; window.ethereum only when nothing announced itself via EIP-6963. */
export const listWallets = (): readonly Connector[] => {
  const all = getConnectors(wagmiConfig);
  const seen = new Set<string>();
  const announced = all.filter((c) => {
    if (c.id === FALLBACK_CONNECTOR_ID) return false;
    const rdns = [c.rdns ?? c.id].flat()[0] ?? c.id;
    if (seen.has(rdns)) return false;
    seen.add(rdns);
    return true;
  });
  if (announced.length > 0) return announced;
  const hasWindowEthereum = typeof window !== 'undefined' && 'ethereum' in window && !!window.ethereum;
  return hasWindowEthereum ? all.filter((c) => c.id === FALLBACK_CONNECTOR_ID) : [];
};

const signIn = async (address: `0x${string}`) => {
  setWalletState({ status: 'signing', address, error: null });
  try {
    await signInWithEthereum(address);
    setWalletState({ status: 'connected', dialogOpen: false });
  } catch (err) {
    setWalletState({ status: 'connected', error: walletErrorMessage(err) });
    throw err;
  }
};

/** Connect a wallet, then sign in right away: one click, one signature. */
export const connectWith = async (connector: Connector): Promise<void> => {
  setWalletState({ status: 'connecting', error: null });
  try {
    const { accounts, chainId } = await connect(wagmiConfig, { connector });
    const address = accounts[0];
    if (!address) throw new Error('Your wallet returned no account');
    window.localStorage.setItem(WALLET_MARKER_KEY, '1');
    setWalletState({ status: 'connected', address, chainId });
    const session = sessionManager.getSession();
    if (!sameAddress(session?.user.address, address)) await signIn(address);
    else setWalletState({ dialogOpen: false });
  } catch (err) {
    if (getWalletState().status === 'connecting') setWalletState({ status: 'disconnected', address: null });
    setWalletState({ error: walletErrorMessage(err) });
  }
};

/** Sign in again with the connected account (after a rejected signature or an account switch). */
export const signInAgain = async (): Promise<void> => {
  const { address } = getConnection(wagmiConfig);
  if (address) await signIn(address).catch(() => {});
};

export const switchToBsc = async (): Promise<void> => {
  try {
    await switchChain(wagmiConfig, { chainId: BSC_CHAIN_ID });
  } catch (err) {
    setWalletState({ error: walletErrorMessage(err) });
  }
};

export const disconnect = async (): Promise<void> => {
  window.localStorage.removeItem(WALLET_MARKER_KEY);
  await sessionManager.signOut({ scope: 'local' });
  await wagmiDisconnect(wagmiConfig).catch(() => {});
  setWalletState({ status: 'disconnected', address: null, chainId: null, error: null });
};

/** Keep the store in step with the wallet; an account change signs the old address out. */
watchConnection(wagmiConfig, {
  onChange(conn) {
    if (conn.status === 'connected') {
      const session = sessionManager.getSession();
      if (session && !sameAddress(session.user.address, conn.address))
        void sessionManager.signOut({ scope: 'local' });
      const { status } = getWalletState();
      setWalletState({
        address: conn.address,
        chainId: conn.chainId,
        status: status === 'signing' || status === 'connecting' ? status : 'connected',
      });
    } else if (conn.status === 'disconnected' && getWalletState().status !== 'connecting') {
      if (getWalletState().status !== 'disconnected') {
        window.localStorage.removeItem(WALLET_MARKER_KEY);
        void sessionManager.signOut({ scope: 'local' });
        setWalletState({ status: 'disconnected', address: null, chainId: null });
      }
    }
  },
});

/** After a reload: reconnect the wallet the user had connected; sign out if it is gone or changed. */
export const restore = async (): Promise<void> => {
  await reconnect(wagmiConfig).catch(() => []);
  const conn = getConnection(wagmiConfig);
  const session = sessionManager.getSession();
  if (conn.status !== 'connected') {
    window.localStorage.removeItem(WALLET_MARKER_KEY);
    if (session) await sessionManager.signOut({ scope: 'local' });
    setWalletState({ status: 'disconnected', address: null, chainId: null });
    return;
  }
  if (session && !sameAddress(session.user.address, conn.address))
    await sessionManager.signOut({ scope: 'local' });
  setWalletState({ status: 'connected', address: conn.address, chainId: conn.chainId });
};
