import { describe, expect, it } from 'vitest';
import { DICTIONARIES, translate } from './dictionary.ts';

describe('translate', () => {
  it('uses the spec wording in English and translates the shell in Spanish and French', () => {
    expect(translate('en', 'shell.searchPlaceholder')).toBe('Search streams or enter token address...');
    expect(translate('en', 'nav.howToStream')).toBe('How to Stream');
    expect(translate('es', 'nav.trending')).toBe('Tendencias');
    expect(translate('fr', 'nav.settings')).toBe('Paramètres');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'shell.copyright', { year: 2026 })).toBe('© 2026 Mintcast. All rights reserved.');
    expect(translate('fr', 'shell.copyright')).toContain('{year}');
  });

  it('every language has every key, none left empty', () => {
    const keys = Object.keys(DICTIONARIES.en).sort();
    for (const dict of Object.values(DICTIONARIES)) {
      expect(Object.keys(dict).sort()).toEqual(keys);
      for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
    }
  });
});
