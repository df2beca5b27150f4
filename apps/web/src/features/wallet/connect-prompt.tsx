import type { LucideIcon } from 'lucide-react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { openConnectDialog, useWallet } from './wallet-store.ts';

/** The spec's signed-out screens: only a prompt to connect a wallet, with the button that does it. */
export function ConnectPrompt({ text, icon = Wallet }: { text: string; icon?: LucideIcon }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const connectedUnsigned = wallet.status === 'connected' || wallet.status === 'signing';
  return (
    <div data-testid="connect-prompt">
      <EmptyState icon={icon} title={t('wallet.connectTitle')} text={text}>
        <button type="button" onClick={openConnectDialog} className={buttonClass('primary', 'md')}>
          <Wallet className="size-4" aria-hidden />
          {connectedUnsigned ? t('wallet.signIn') : t('wallet.connect')}
        </button>
      </EmptyState>
    </div>
  );
}
