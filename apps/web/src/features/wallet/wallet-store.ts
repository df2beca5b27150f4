import { useSyncExternalStore } from 'react';

/**
 * What the UI needs to know about the wallet, without loading wagmi: the connect dialog and the wallet
 * button read this tiny store; `wallet-controller.ts` (wagmi + viem, loaded on demand) writes it.
 */
export type WalletStatus = 'disconnected' | 'restoring' | 'connecting' | 'signing' | 'connected';

export interface WalletState {
  status: WalletStatus;
  /** Checksummed address of the connected account. */
  address: string | null;
  chainId: number | null;
  dialogOpen: boolean;
  /** Last user-facing problem (rejected signature, wallet error), shown in the dialog. */
  error: string | null;
}

/** Set on connect and cleared on disconnect: tells a reload to restore the connection after first paint. */
export const WALLET_MARKER_KEY = 'mintcast-wallet-connected';

let state: WalletState = {
  status: 'disconnected',
  address: null,
  chainId: null,
  dialogOpen: false,
  error: null,
};
const listeners = new Set<() => void>();

export const getWalletState = (): WalletState => state;

export const setWalletState = (patch: Partial<WalletState>): void => {
  state = { ...state, ...patch };
  for (const l of [...listeners]) l();
};

export const subscribeWallet = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useWallet = (): WalletState =>
  useSyncExternalStore(subscribeWallet, getWalletState, getWalletState);

/** The wagmi half, loaded on first use (it must stay out of the initial bundle). */
export const loadWalletController = () => import('./wallet-controller.ts');

/** Open the connect dialog (and start loading wagmi right away). */
export const openConnectDialog = (): void => {
  setWalletState({ dialogOpen: true, error: null });
  void loadWalletController();
};

export const closeConnectDialog = (): void => setWalletState({ dialogOpen: false, error: null });

/** Sign out locally and disconnect the wallet. */
export const disconnectWallet = async (): Promise<void> => {
  const { disconnect } = await loadWalletController();
  await disconnect();
};
