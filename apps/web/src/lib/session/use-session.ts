import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session.ts';
import type { Session } from './session-types.ts';

/** The current session (null when signed out); re-renders on every auth event. */
export const useSession = (): Session | null =>
  useSyncExternalStore(subscribeSession, getSession, () => null);
