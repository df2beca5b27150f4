import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown instead of a broadcast that would fail: the page is plain http on an address other than localhost. */
export function HttpsRequired() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="https-required"
      className="mb-6 flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-fg"
    >
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-400" />
      <div className="space-y-1">
        <p className="font-semibold">{t('start.httpsTitle')}</p>
        <p className="text-muted">{t('start.httpsText', { host: window.location.host })}</p>
      </div>
    </div>
  );
}
