import { TIP_ERROR_CODES } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en/index.ts';
import es from '../../lib/i18n/locales/es/index.ts';
import fr from '../../lib/i18n/locales/fr/index.ts';
import { tipErrorKey } from './tip-errors.ts';

const lookup = (catalog: object, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

describe('tip error reasons', () => {
  it('has a text in every language for every code the tip endpoint answers with', () => {
    for (const code of Object.values(TIP_ERROR_CODES)) {
      const key = tipErrorKey(code);
      expect(key, code).not.toBeNull();
      const texts = [en, es, fr].map((c) => lookup(c, key ?? ''));
      for (const text of texts) expect(typeof text === 'string' && text.trim() !== '', `${code}`).toBe(true);
      expect(new Set(texts).size, `${code} translated`).toBe(3);
    }
  });

  it('knows nothing of other codes', () => {
    expect(tipErrorKey('invalid_request')).toBeNull();
    expect(tipErrorKey('toString')).toBeNull();
  });
});
