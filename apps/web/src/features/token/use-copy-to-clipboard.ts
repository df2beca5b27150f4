import { COPY_FEEDBACK_MS } from '@mintcast/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { notify } from '../../lib/toast.ts';

/** Copy text with the spec's toasts and a `copied` flag that lasts COPY_FEEDBACK_MS (2 s). */
export const useCopyToClipboard = (
  messages: { ok: string; failed: string } = {
    ok: i18n.t('token.copied'),
    failed: i18n.t('token.copyFailed'),
  },
) => {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
        await navigator.clipboard.writeText(text);
      } catch {
        notify.error(messages.failed);
        return false;
      }
      notify.success(messages.ok);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      return true;
    },
    [messages.ok, messages.failed],
  );

  return { copied, copy };
};
