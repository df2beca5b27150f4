import { deletePushSubscription, savePushSubscription } from '../../queries/push.ts';

/** The service worker of push notifications (public/sw.js: no fetch handler, so it never serves a stale app). */
const WORKER_URL = '/sw.js';

/** Whether this browser can receive Web Push at all (iOS only once the site is added to the home screen). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** This browser's current push subscription, if it has one. */
export const currentPushSubscription = async (): Promise<PushSubscription | null> => {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
};

export class PushPermissionDenied extends Error {}

/** Ask for permission, subscribe at the browser's push service and register the subscription with the site. */
export const enablePush = async (publicKey: string): Promise<void> => {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionDenied();
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await savePushSubscription(subscription.toJSON());
};

/** Tell the site to stop, then drop the browser's subscription. */
export const disablePush = async (): Promise<void> => {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
};
