import { describe, expect, it } from 'vitest';
import { findBannedWord, skeleton } from './banned-words.ts';

const WORDS = ['scam', 'rug pull', '$5', 'hell', 'ass', 'estafa'];

describe('banned words', () => {
  it('matches whole words in any case, in any script, with punctuation around', () => {
    expect(findBannedWord('This is a SCAM!', WORDS)).toBe('scam');
    expect(findBannedWord('scam', WORDS)).toBe('scam');
    expect(findBannedWord('(Scam)', WORDS)).toBe('scam');
    expect(findBannedWord("that scam's over", WORDS)).toBe('scam');
    expect(findBannedWord('¡ESTAFA!', WORDS)).toBe('estafa');
    expect(findBannedWord('a total rug pull', WORDS)).toBe('rug pull');
    expect(findBannedWord('cost is $5', WORDS)).toBe('$5');
    expect(findBannedWord('hello', [])).toBeNull();
    expect(findBannedWord('anything', ['.*', ''])).toBeNull();
  });

  // Each disguise of issue 28 (finding 11), one by one.
  it.each([
    ['fullwidth letters', 'this is a ｓｃａｍ'],
    ['fullwidth capitals', 'ＳＣＡＭ alert'],
    ['zero-width space inside', 'sc\u200bam'],
    ['zero-width joiner and non-joiner', 's\u200dc\u200ca\u2060m'],
    ['soft hyphen', 'sc\u00adam'],
    ['byte-order mark', '\ufeffscam'],
    ['bidi override around it', '\u202escam\u202c'],
    ['Cyrillic homoglyphs', 'ѕсаm'],
    ['Greek and Cyrillic capitals', 'ЅСΑМ'],
    ['combining marks (strike-through)', 's\u0336c\u0336a\u0336m\u0336'],
    ['accents', 'šćåm'],
    ['letters spaced out', 's c a m'],
    ['letters split by dots', 's.c.a.m'],
    ['letters split by dashes and underscores', 's-c_a-m'],
    ['ideographic spaces', 's\u3000c\u3000a\u3000m'],
    ['a phrase without its space', 'rugpull!'],
    ['a phrase spaced out', 'r u g p u l l'],
    ['digits for letters', 'go to he11'],
  ])('blocks %s', (_name, text) => {
    expect(findBannedWord(text, WORDS)).not.toBeNull();
  });

  it('does not over-block ordinary words that hold a banned word or its letters across word boundaries', () => {
    for (const text of [
      'scammers and scampi',
      'classic assessment in class',
      'shell hello',
      "he'll be back",
      "Alex's cam is on", // "s cam" across an apostrophe
      'this cam is great', // "s cam" across a space, inside words
      'is cam era',
      'rug pulled',
      'naïve',
      'Schadenfreude',
      'ｈｅｌｌｏ ｗｏｒｌｄ',
    ])
      expect(findBannedWord(text, WORDS), text).toBeNull();
  });

  it('folds to one skeleton: NFKC, format characters and marks gone, confusables folded, lower case', () => {
    expect(skeleton('ＳＣＡＭ')).toBe(skeleton('scam'));
    expect(skeleton('ѕсаm')).toBe(skeleton('scam'));
    expect(skeleton('s\u200bc\u00ada\u0336m')).toBe(skeleton('scam'));
    expect(skeleton('Hello')).toBe('hello');
  });

  it('finds a banned word in a long message among 200 banned words', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}x`);
    const text = `${'an ordinary message about the chart and the token '.repeat(9)} w o r d 1 9 9 x`;
    expect(findBannedWord(text, words)).toBe('word199x');
    expect(findBannedWord(text.slice(0, 400), words)).toBeNull();
  });
});
