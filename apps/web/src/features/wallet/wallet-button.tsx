import { BSC_CHAIN_ID, shortenAddress } from '@mintcast/contracts';
import { LogOut, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useSettings } from '../../lib/settings.ts';
import { disconnectWallet, openConnectDialog, useWallet } from './wallet-store.ts';

// Only reachable once wagmi has loaded (wrong chain, unsigned account): kept out of the entry chunk.
const SwitchToBscButton = lazy(() =>
  import('./wallet-button-extras.tsx').then((m) => ({ default: m.SwitchToBscButton })),
);
const SignInButton = lazy(() =>
  import('./wallet-button-extras.tsx').then((m) => ({ default: m.SignInButton })),
);

/** Icon-only square on phones (the top bar is tight), a labelled button from `sm` up. */
const DISCONNECT_CLASS =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-sm font-semibold whitespace-nowrap text-fg transition-colors hover:border-muted/50 hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:h-10 sm:w-auto sm:flex-1 sm:px-4';

/**
 * Spec §4 wallet button: "Connect Wallet" when disconnected; connected: the shortened address and
 * "Disconnect". Rendered from the tiny wallet/session stores, so wagmi loads only when needed.
 */
export function WalletButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const session = useSession();
  // A stored session shows its address at once on reload, before the wallet reconnects (no layout jump).
  const address = wallet.address ?? session?.user.address ?? null;
  const busy = wallet.status === 'connecting' || wallet.status === 'signing';
  // Settings → "Show wallet address": off shows that a wallet is connected without naming it (screen sharing).
  const { showWalletAddress } = useSettings();

  if (!address || (wallet.status === 'disconnected' && !session)) {
    return (
      <button
        type="button"
        onClick={openConnectDialog}
        disabled={busy}
        className={buttonClass('primary', 'md', className)}
        data-testid="wallet-connect"
      >
        <Wallet className="size-4" aria-hidden />
        {t('wallet.connect')}
      </button>
    );
  }

  const wrongChain =
    wallet.status === 'connected' && wallet.chainId !== null && wallet.chainId !== BSC_CHAIN_ID;
  const needsSignIn = wallet.status === 'connected' && !session;
  return (
    // Wraps to two rows where it is narrow (the sidebar footer); one row in the top bar.
    <div className={`flex flex-wrap items-center gap-2 ${className}`} data-testid="wallet-connected">
      {wrongChain && (
        <Suspense fallback={null}>
          <SwitchToBscButton />
        </Suspense>
      )}
      <span
        className="inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg border border-border bg-surface-2 px-2 font-mono text-xs whitespace-nowrap sm:h-10 sm:gap-2 sm:px-3 sm:text-sm"
        title={showWalletAddress ? address : undefined}
        data-testid="wallet-address"
      >
        <span className={`size-2 shrink-0 rounded-full ${session ? 'bg-up' : 'bg-warn'}`} aria-hidden />
        {showWalletAddress ? shortenAddress(address.toLowerCase()) : t('wallet.connected')}
      </span>
      {(needsSignIn || wallet.status === 'signing') && (
        <Suspense fallback={null}>
          <SignInButton busy={busy} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => void disconnectWallet()}
        className={DISCONNECT_CLASS}
        aria-label={t('wallet.disconnect')}
        title={t('wallet.disconnect')}
      >
        <LogOut className="size-4 sm:hidden" aria-hidden />
        <span className="hidden sm:inline">{t('wallet.disconnect')}</span>
      </button>
    </div>
  );
}
