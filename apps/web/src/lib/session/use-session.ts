import { useSyncExternalStore } from 'react';
import { sessionManager } from './session.ts';
import type { Session } from './session-types.ts';

const subscribe = (onChange: () => void) => sessionManager.onAuthStateChange(onChange).unsubscribe;

/** The current session (null when signed out); re-renders on every auth event. */
export const useSession = (): Session | null =>
  useSyncExternalStore(subscribe, sessionManager.getSession, () => null);
