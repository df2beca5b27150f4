import { useCallback } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { notify } from '../../lib/toast.ts';

/**
 * Share (spec §2): the device's native share sheet when there is one, else copy the stream link.
 * Closing the share sheet is not a failure; a native share that breaks falls back to copying.
 */
export const useShareStream = () =>
  useCallback(async (title: string, url: string) => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as Error)?.name === 'AbortError') return;
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(url);
      notify.success(i18n.t('stream.linkCopied'));
    } catch {
      notify.error(i18n.t('stream.shareFailed'));
    }
  }, []);
