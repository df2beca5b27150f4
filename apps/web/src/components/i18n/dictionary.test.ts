import { describe, expect, it } from 'vitest';
import { DICTIONARIES, loadDictionary, translate } from './dictionary.ts';

describe('translate', () => {
  it('uses the spec wording in English and translates the shell in Spanish and French', async () => {
    expect(translate('es', 'nav.trending')).toBe('Trending'); // English until Spanish has loaded
    await loadDictionary('es');
    await loadDictionary('fr');
    expect(translate('en', 'shell.searchPlaceholder')).toBe('Search streams or enter token address...');
    expect(translate('en', 'nav.howToStream')).toBe('How to Stream');
    expect(translate('es', 'nav.trending')).toBe('Tendencias');
    expect(translate('fr', 'nav.settings')).toBe('Paramètres');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'shell.copyright', { year: 2026 })).toBe('© 2026 Mintcast. All rights reserved.');
    expect(translate('fr', 'shell.copyright')).toContain('{year}');
  });

  it('every language has every key, none left empty', async () => {
    await Promise.all([loadDictionary('es'), loadDictionary('fr')]);
    const keys = Object.keys(DICTIONARIES.en!).sort();
    expect(Object.keys(DICTIONARIES).sort()).toEqual(['en', 'es', 'fr']);
    for (const dict of Object.values(DICTIONARIES)) {
      expect(Object.keys(dict ?? {}).sort()).toEqual(keys);
      for (const v of Object.values(dict ?? {})) expect(v.trim()).not.toBe('');
    }
  });
});
