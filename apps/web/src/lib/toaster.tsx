import { TOAST_LIFETIME_MS } from '@mintcast/contracts/constants';
import { lazy } from 'react';
import { loadSonner } from './toast.ts';

/** Toasts of spec §4: stacked bottom-right, 5 s, close button. Mounted once in the app; loads after first paint. */
export const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: () => (
      <Toaster
        position="bottom-right"
        theme="dark"
        closeButton
        richColors
        duration={TOAST_LIFETIME_MS}
        // On phones, stay above bottom control bars (the broadcaster's buttons).
        mobileOffset={{ bottom: 104 }}
      />
    ),
  };
});
