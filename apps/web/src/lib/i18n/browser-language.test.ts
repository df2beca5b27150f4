import { describe, expect, it } from 'vitest';
import { pickBrowserLanguage } from './browser-language.ts';

describe('pickBrowserLanguage', () => {
  it('takes the first preferred language the site speaks, by its base tag', () => {
    expect(pickBrowserLanguage(['de-DE', 'es-MX', 'fr'])).toBe('es');
    expect(pickBrowserLanguage(['FR-ca'])).toBe('fr');
  });
  it('falls back to English', () => {
    expect(pickBrowserLanguage(['de', 'ja'])).toBe('en');
    expect(pickBrowserLanguage([])).toBe('en');
  });
});
