import { BSC_CHAIN_ID } from '@mintcast/contracts';
import { AlertTriangle, ExternalLink, Loader2, Wallet, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connector } from 'wagmi';
import { watchConnectors } from 'wagmi/actions';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { WALLET_INSTALL_LINKS } from './install-links.ts';
import { wagmiConfig } from './wagmi-config.ts';
import { connectWith, listWallets, signInAgain, switchToBsc } from './wallet-controller.ts';
import { closeConnectDialog, useWallet } from './wallet-store.ts';

function WalletIcon({ connector }: { connector: Connector }) {
  if (connector.icon)
    return <img src={connector.icon} alt="" className="size-8 rounded-lg" width={32} height={32} />;
  return (
    <span className="flex size-8 items-center justify-center rounded-lg bg-surface text-muted">
      <Wallet className="size-4" aria-hidden />
    </span>
  );
}

/**
 * The connect dialog: installed wallets (EIP-6963), install links when none, BSC switch and sign-in steps.
 * A native modal <dialog>: the browser traps focus, closes it on Escape and makes the page behind inert;
 * focus goes back to the control that opened it.
 */
export default function ConnectDialog() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const session = useSession();
  const [wallets, setWallets] = useState(listWallets);
  const [pending, setPending] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => watchConnectors(wagmiConfig, { onChange: () => setWallets(listWallets()) }), []);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);

  const connected = wallet.status === 'connected' || wallet.status === 'signing';
  const wrongChain = connected && wallet.chainId !== null && wallet.chainId !== BSC_CHAIN_ID;
  const busy = wallet.status === 'connecting' || wallet.status === 'signing';

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles.
    <dialog
      ref={dialog}
      aria-labelledby="connect-wallet-title"
      onClose={closeConnectDialog}
      // A click on the backdrop lands on the <dialog> itself (the panel fills its box).
      onClick={(e) => e.target === e.currentTarget && dialog.current?.close()}
      className="m-auto mb-4 w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm sm:mb-auto"
    >
      <div className="p-5">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="connect-wallet-title" className="text-lg font-semibold">
            {t('wallet.connect')}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label={t('common.close')}
            className={iconButtonClass('size-9')}
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>

        {wrongChain && (
          <div className="mb-4 flex flex-col gap-3 rounded-xl border border-warn/30 bg-warn/10 p-3 text-sm">
            <p className="flex items-center gap-2 font-medium text-warn">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              {t('wallet.switchPrompt')}
            </p>
            <button
              type="button"
              onClick={() => void switchToBsc()}
              className={buttonClass('secondary', 'sm')}
            >
              {t('wallet.switchToBsc')}
            </button>
          </div>
        )}

        {connected && !session ? (
          <div className="flex flex-col gap-3 text-sm">
            <p className="text-muted">{t('wallet.signPrompt')}</p>
            <button
              type="button"
              disabled={busy}
              onClick={() => void signInAgain()}
              className={buttonClass('primary', 'md', 'w-full')}
            >
              {wallet.status === 'signing' && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {wallet.status === 'signing' ? t('wallet.checkWallet') : t('wallet.signIn')}
            </button>
          </div>
        ) : wallets.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t('wallet.installed')}>
            {wallets.map((c) => (
              <li key={c.uid}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    setPending(c.uid);
                    void connectWith(c).finally(() => setPending(null));
                  }}
                  className="flex w-full items-center gap-3 rounded-xl border border-border bg-surface-2 px-3 py-2.5 text-left font-medium transition-colors hover:border-brand/50 disabled:opacity-60"
                >
                  <WalletIcon connector={c} />
                  <span className="flex-1">{c.id === 'injected' ? t('wallet.browserWallet') : c.name}</span>
                  {pending === c.uid && busy ? (
                    <span className="flex items-center gap-2 text-xs text-muted">
                      <Loader2 className="size-4 animate-spin" aria-hidden />
                      {wallet.status === 'signing' ? t('wallet.signInWallet') : t('wallet.connecting')}
                    </span>
                  ) : (
                    <span className="text-xs text-muted">{t('wallet.detected')}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col gap-3 text-sm">
            <p className="font-medium">{t('wallet.noWallet')}</p>
            <p className="text-muted">{t('wallet.install')}</p>
            <ul className="grid grid-cols-2 gap-2">
              {WALLET_INSTALL_LINKS.map((l) => (
                <li key={l.name}>
                  <a
                    href={l.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="flex items-center justify-between gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 hover:border-brand/50"
                  >
                    {l.name}
                    <ExternalLink className="size-3.5 text-muted" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}

        {wallet.error && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down"
          >
            {wallet.error}
          </p>
        )}
        <p className="mt-4 text-xs text-muted">{t('wallet.siweNote')}</p>
      </div>
    </dialog>
  );
}
