import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => {});

/**
 * One polite live region for the whole player, mounted before any state is shown and kept while the player
 * switches between offline, connecting, live and error: a region inserted together with its text is not
 * read by screen readers, one that stays and changes is.
 */
export function PlayerAnnouncer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  return (
    <AnnounceContext.Provider value={setText}>
      <p className="sr-only" aria-live="polite" data-testid="player-announcer">
        {text}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}

/** Says `text` through the player's live region while the caller shows it (nothing when null). */
export const useAnnounce = (text: string | null): void => {
  const announce = useContext(AnnounceContext);
  useEffect(() => {
    if (text) announce(text);
  }, [text, announce]);
};
