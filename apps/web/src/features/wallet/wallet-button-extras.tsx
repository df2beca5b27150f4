import { AlertTriangle, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { loadWalletController, openConnectDialog } from './wallet-store.ts';

/** Shown next to the address while the wallet is on another chain. */
export function SwitchToBscButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => void loadWalletController().then((c) => c.switchToBsc())}
      className={buttonClass('secondary', 'md', 'border-warn/40 text-warn')}
      title={t('wallet.otherNetwork')}
    >
      <AlertTriangle className="size-4" aria-hidden />
      <span className="hidden sm:inline">{t('wallet.switchToBsc')}</span>
    </button>
  );
}

/** Shown while the connected account is not signed in (rejected signature, account switch). */
export function SignInButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={openConnectDialog}
      disabled={busy}
      className={buttonClass('primary', 'md')}
    >
      {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {t('wallet.signIn')}
    </button>
  );
}
