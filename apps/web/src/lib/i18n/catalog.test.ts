import { describe, expect, it } from 'vitest';
import { en } from './locales/en/index.ts';
import es from './locales/es/index.ts';
import fr from './locales/fr/index.ts';

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
const flatten = (obj: object, prefix = ''): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === 'object' && v !== null) Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v as string;
  }
  return out;
};

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * What `language` must define for each English key: the key itself, or for an English plural (`x_one`,
 * `x_other`) every plural form the language's own rules use (French and Spanish need `x_many` too).
 */
const expectedKeys = (language: string, english: Record<string, string>): string[] => {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    if (PLURAL.test(key)) for (const c of categories) keys.add(key.replace(PLURAL, `_${c}`));
    else keys.add(key);
  }
  return [...keys].sort();
};

describe('catalogs', () => {
  const english = flatten(en);
  for (const [language, catalog] of [
    ['es', es],
    ['fr', fr],
  ] as const) {
    it(`${language} has every English string (and plural form), none empty, none extra`, () => {
      const flat = flatten(catalog);
      expect(Object.keys(flat).sort()).toEqual(expectedKeys(language, english));
      for (const [key, text] of Object.entries(flat)) expect(text.trim(), key).not.toBe('');
    });

    it(`${language} keeps every {{placeholder}} of the English string`, () => {
      const flat = flatten(catalog);
      for (const [key, text] of Object.entries(english)) {
        const base = key.replace(PLURAL, '_other');
        const translated = PLURAL.test(key) ? flat[base] : flat[key];
        // Plural `one` forms may spell the count out ("un stream"), so compare on the `other` form.
        expect(placeholders(translated ?? ''), key).toEqual(
          placeholders(PLURAL.test(key) ? english[base]! : text),
        );
      }
    });
  }
});
