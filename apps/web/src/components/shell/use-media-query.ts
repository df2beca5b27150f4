import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; read synchronously so the first paint is already right. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

/** Tailwind's `lg`: from here on the sidebar is a rail instead of a drawer. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
/** Tailwind's `md`: below it the top-bar search hides behind a toggle. */
export const WIDE_QUERY = '(min-width: 768px)';
