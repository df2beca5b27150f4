import { useCallback, useEffect, useState } from 'react';
import { usePushKeyQuery } from '../../queries/push.ts';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  PushPermissionDenied,
  pushSupported,
} from './web-push.ts';

export type WebPushState =
  | { status: 'unavailable'; reason: 'unsupported' | 'off' }
  | { status: 'ready'; enabled: boolean; busy: boolean; error: 'denied' | 'failed' | null };

/** The "push notifications" switch: whether this browser gets go-live pushes, and turning it on or off. */
export const useWebPush = (): { state: WebPushState; setEnabled: (on: boolean) => void } => {
  const key = usePushKeyQuery();
  const supported = pushSupported();
  const [enabled, setEnabledState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'denied' | 'failed' | null>(null);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    void currentPushSubscription()
      .then((s) => {
        if (!cancelled) setEnabledState(s !== null && Notification.permission === 'granted');
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [supported]);

  const publicKey = key.data?.publicKey ?? null;
  const setEnabled = useCallback(
    (on: boolean) => {
      if (!publicKey) return;
      setBusy(true);
      setError(null);
      (on ? enablePush(publicKey) : disablePush())
        .then(() => setEnabledState(on))
        .catch((err: unknown) => setError(err instanceof PushPermissionDenied ? 'denied' : 'failed'))
        .finally(() => setBusy(false));
    },
    [publicKey],
  );

  if (!supported) return { state: { status: 'unavailable', reason: 'unsupported' }, setEnabled };
  if (!publicKey) return { state: { status: 'unavailable', reason: 'off' }, setEnabled };
  return { state: { status: 'ready', enabled, busy, error }, setEnabled };
};
