import { TOAST_LIFETIME_MS } from '@mintcast/contracts/constants';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from './settings.ts';
import { loadSonner } from './toast.ts';

/**
 * Toasts of spec §4: 5 s, close button. Mounted once in the app; loads after first paint. They drop in at the
 * top centre, just under the top bar: the bottom right, where they used to be, is where the stream page's chat
 * composer and most forms' submit buttons are, and a toast there covered them (issue 29).
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
          position="top-center"
          theme={darkMode ? 'dark' : 'light'}
          closeButton
          toastOptions={{ closeButtonAriaLabel: t('common.close') }}
          containerAriaLabel={t('common.toast.region')}
          expand
          visibleToasts={3}
          richColors
          duration={TOAST_LIFETIME_MS}
          // Below the 65 px top bar (its 4rem and border), with a little air.
          offset={{ top: 76 }}
          mobileOffset={{ top: 72 }}
          // Every site language is left to right. Left out, sonner reads <html>'s computed direction as it
          // mounts: a forced style recalculation of the whole page while it is still starting (decision 017).
          dir="ltr"
        />
      );
    },
  };
});
