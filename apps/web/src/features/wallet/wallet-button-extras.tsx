import { AlertTriangle, Loader2 } from 'lucide-react';
import { buttonClass } from '../../components/ui/button.ts';
import { loadWalletController, openConnectDialog } from './wallet-store.ts';

/** Shown next to the address while the wallet is on another chain. */
export function SwitchToBscButton() {
  return (
    <button
      type="button"
      onClick={() => void loadWalletController().then((c) => c.switchToBsc())}
      className={buttonClass('secondary', 'md', 'border-warn/40 text-warn')}
      title="Your wallet is on another network"
    >
      <AlertTriangle className="size-4" aria-hidden />
      <span className="hidden sm:inline">Switch to BSC</span>
    </button>
  );
}

/** Shown while the connected account is not signed in (rejected signature, account switch). */
export function SignInButton({ busy }: { busy: boolean }) {
  return (
    <button
      type="button"
      onClick={openConnectDialog}
      disabled={busy}
      className={buttonClass('primary', 'md')}
    >
      {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
      Sign In
    </button>
  );
}
