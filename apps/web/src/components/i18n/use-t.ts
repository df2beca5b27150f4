import { useEffect, useSyncExternalStore } from 'react';
import { getSettings, type TLanguage, useSettings } from '../../lib/settings.ts';
import { DICTIONARIES, loadDictionary, type TMessageKey, translate } from './dictionary.ts';

// Re-render readers once a lazily loaded dictionary arrives.
let loadedVersion = 0;
const listeners = new Set<() => void>();
const ensure = (language: TLanguage) => {
  if (DICTIONARIES[language]) return;
  void loadDictionary(language).then(() => {
    loadedVersion += 1;
    for (const l of listeners) l();
  });
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getVersion = () => loadedVersion;

// Start fetching a stored non-English choice at boot, in parallel with the first route chunk.
if (typeof window !== 'undefined') ensure(getSettings().language);

/** `t(key)` in the language chosen in Settings (English until another dictionary has loaded). */
export const useT = () => {
  const { language } = useSettings();
  // Subscribing re-renders this reader when a dictionary finishes loading.
  useSyncExternalStore(subscribe, getVersion, getVersion);
  useEffect(() => ensure(language), [language]);
  return (key: TMessageKey, vars?: Record<string, string | number>) => translate(language, key, vars);
};
