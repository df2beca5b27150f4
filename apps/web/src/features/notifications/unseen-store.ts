import { useSyncExternalStore } from 'react';

/**
 * Go-live notifications the visitor has not looked at yet (this tab): the top bar's bell shows a dot while
 * there are any. Following the bell (to Settings) or a toast's Watch link marks them seen.
 */
let unseen = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of [...listeners]) l();
};

export const addUnseen = () => {
  unseen += 1;
  emit();
};

export const markSeen = () => {
  if (unseen === 0) return;
  unseen = 0;
  emit();
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** How many go-live notifications are unseen. */
export const useUnseenCount = (): number =>
  useSyncExternalStore(
    subscribe,
    () => unseen,
    () => 0,
  );
