import { Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { WalletButton } from '../../features/wallet/wallet-button.tsx';

/** Without a connected wallet (spec §2): "Start Your Stream" with a Connect Wallet button. */
export function ConnectPrompt() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-5 py-6 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand/15 text-brand">
        <Radio aria-hidden className="size-8" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-fg">{t('start.startYourStream')}</h1>
        <p className="mx-auto max-w-sm text-sm text-muted">{t('start.connectText')}</p>
      </div>
      <WalletButton className="h-11 px-6" />
    </div>
  );
}
