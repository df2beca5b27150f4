import unhomoglyph from 'unhomoglyph';

/**
 * Banned-word matching that disguises do not get past. Both the message and the banned words are brought to
 * one "skeleton" before they are compared:
 * - NFKC: fullwidth and other compatibility forms become plain letters ("ｓｃａｍ" → "scam");
 * - format characters (Unicode category Cf) go: zero-width space/joiners, soft hyphen, bidi controls;
 * - after NFD, combining marks go: "s̶c̶a̶m̶", stacked accents, and accents in general ("é" → "e");
 * - Unicode's confusables table (UTS #39, via `unhomoglyph`) and lower case: Cyrillic "ѕсаm", Greek
 *   letters, "0" for "o", "1" for "l" and the like all fold to the same Latin prototype.
 * Then a banned word matches as a whole word whose characters may be split by short runs of spaces or
 * punctuation ("s c a m", "s.c.a.m", "s-c-a-m"). The skeleton is never shown to anyone: only compared.
 * No regular expression is built per word (one with Unicode classes costs milliseconds to compile).
 */

/** At most this many separators between two characters of a banned word ("s . c" is 3). */
const MAX_GAP = 3;

/**
 * What each character is to the matcher: a letter or digit; an apostrophe (part of a word: "Alex's cam" and
 * "he'll" stay words, they do not hold "scam" or "hell"); a symbol (kept, so "$5" and emoji can be banned,
 * and a word edge); or a separator (spaces, punctuation: skipped inside a banned word, and a word edge).
 */
type Kind = 'letter' | 'apostrophe' | 'symbol' | 'separator';
const LETTER = /[\p{L}\p{N}]/u;
const SYMBOL = /\p{S}/u;
function slowKindOf(c: string): Kind {
  if (LETTER.test(c)) return 'letter';
  if (c === "'" || c === '\u2019') return 'apostrophe';
  return SYMBOL.test(c) ? 'symbol' : 'separator';
}
const ASCII_KINDS: Kind[] = Array.from({ length: 128 }, (_, i) => slowKindOf(String.fromCharCode(i)));
const kindOf = (c: string): Kind => ASCII_KINDS[c.charCodeAt(0)] ?? slowKindOf(c);

/** The comparable form of a text (see above). */
export const skeleton = (text: string): string => {
  const bare = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    // ASCII capitals first: the table folds "I" into "l", which would keep "HI" from matching "hi".
    .replace(/[A-Z]+/g, (m) => m.toLowerCase());
  // Other capitals fold as they are (Cyrillic "М" is listed as "M", not as its small form "м"), then the
  // small forms fold too.
  return unhomoglyph(unhomoglyph(bare).toLowerCase()).toLowerCase().normalize('NFC');
};

/**
 * A text without its separators, and where each of its UTF-16 units was in the text: a banned word is
 * searched for in `squashed`, then its edges and the separators it skipped are checked in the text.
 */
interface Squashed {
  squashed: string;
  /** Index in the text of each unit of `squashed`. */
  at: number[];
  /** Kind of each unit of the text. */
  kinds: Kind[];
}

const squash = (text: string): Squashed => {
  let squashed = '';
  const at: number[] = [];
  const kinds: Kind[] = [];
  let i = 0;
  for (const c of text) {
    const kind = kindOf(c);
    for (let u = 0; u < c.length; u++) {
      kinds.push(kind);
      if (kind !== 'separator') at.push(i + u);
    }
    if (kind !== 'separator') squashed += c;
    i += c.length;
  }
  return { squashed, at, kinds };
};

/** Whether the `len` units at `start` of `s.squashed` are a whole word in the text, split by short gaps only. */
const isWholeMatch = (s: Squashed, start: number, len: number): boolean => {
  const first = s.at[start] as number;
  const last = s.at[start + len - 1] as number;
  // Not inside a word on the left (a letter, digit or apostrophe before), nor on the right (a letter or
  // digit after): "scam!" and "scam's" are matches, "scampi" and "class" are not.
  const before = s.kinds[first - 1];
  if (before === 'letter' || before === 'apostrophe') return false;
  if (s.kinds[last + 1] === 'letter') return false;
  for (let k = start + 1; k < start + len; k++) {
    if ((s.at[k] as number) - (s.at[k - 1] as number) - 1 > MAX_GAP) return false;
  }
  return true;
};

interface Rule {
  word: string;
  /** The word's skeleton without separators ("rug pull" → "rugpull"). */
  squashed: string;
}

const compile = (words: readonly string[]): Rule[] =>
  words.map((word) => ({ word, squashed: squash(skeleton(word)).squashed })).filter((r) => r.squashed !== '');

/** Compiled lists: a stream's list is brought to skeletons once, not on every message. */
const cache = new Map<string, Rule[]>();
const CACHE_MAX = 500;

const rulesOf = (words: readonly string[]): Rule[] => {
  const key = words.join('\u0000');
  let rules = cache.get(key);
  if (!rules) {
    rules = compile(words);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, rules);
  }
  return rules;
};

/** The first banned word (as the creator wrote it, in list order) that `content` contains, or null. */
export const findBannedWord = (content: string, words: readonly string[]): string | null => {
  const rules = rulesOf(words);
  if (rules.length === 0) return null;
  const text = squash(skeleton(content));
  for (const { word, squashed } of rules) {
    for (let i = text.squashed.indexOf(squashed); i >= 0; i = text.squashed.indexOf(squashed, i + 1))
      if (isWholeMatch(text, i, squashed.length)) return word;
  }
  return null;
};
