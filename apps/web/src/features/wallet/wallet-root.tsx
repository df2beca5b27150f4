import { lazy, Suspense, useEffect } from 'react';
import { getSession } from '../../lib/session/session.ts';
import { loadWalletController, setWalletState, useWallet, WALLET_MARKER_KEY } from './wallet-store.ts';

const ConnectDialog = lazy(() => import('./connect-dialog.tsx'));

/**
 * Mounted once by the app: renders the connect dialog when asked, and after first paint restores a wallet
 * connection that survived a reload (loading wagmi only then).
 */
export function WalletRoot() {
  const { dialogOpen } = useWallet();

  useEffect(() => {
    const remembered = window.localStorage.getItem(WALLET_MARKER_KEY) !== null;
    const session = getSession();
    if (!remembered && !session) return;
    setWalletState({ status: 'restoring', address: null });
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    idle(() => void loadWalletController().then((c) => c.restore()));
  }, []);

  if (!dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConnectDialog />
    </Suspense>
  );
}
