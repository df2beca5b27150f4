import { useCallback } from 'react';
import { useSettings } from '../../lib/settings.ts';
import { type TMessageKey, translate } from './dictionary.ts';

/** `t(key)` in the language chosen in Settings. */
export const useT = () => {
  const { language } = useSettings();
  return useCallback(
    (key: TMessageKey, vars?: Record<string, string | number>) => translate(language, key, vars),
    [language],
  );
};
