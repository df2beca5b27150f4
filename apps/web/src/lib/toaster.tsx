import { TOAST_LIFETIME_MS } from '@mintcast/contracts/constants';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from './settings.ts';
import { loadSonner } from './toast.ts';

/**
 * Toasts of spec §4: stacked bottom-right, 5 s, close button. Mounted once in the app; loads after first paint.
 * `expand` lists the toasts one above the other (no older toast peeking out behind the newest), and the
 * close button sits inside the toast's right edge (styles.css) instead of hanging off its corner.
 */
export const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: function AppToaster() {
      const { t } = useTranslation();
      const { darkMode } = useSettings();
      return (
        <Toaster
          position="bottom-right"
          theme={darkMode ? 'dark' : 'light'}
          closeButton
          toastOptions={{ closeButtonAriaLabel: t('common.close') }}
          containerAriaLabel={t('common.toast.region')}
          expand
          visibleToasts={3}
          richColors
          duration={TOAST_LIFETIME_MS}
          // On phones, stay above bottom control bars (the broadcaster's buttons).
          mobileOffset={{ bottom: 104 }}
          // Every site language is left to right. Left out, sonner reads <html>'s computed direction as it
          // mounts: a forced style recalculation of the whole page while it is still starting (decision 017).
          dir="ltr"
        />
      );
    },
  };
});
