import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet.ts';

/** The iframe's attributes as a browser would read them (double-quoted values, entities decoded). */
const attributes = (html: string) => {
  const tag = /^<iframe ([^>]*)><\/iframe>$/.exec(html)?.[1] ?? '';
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], decode(m[2] ?? '')]),
  );
};

describe('embedSnippet', () => {
  it('frames the embed page of the stream, with its name as an escaped title', () => {
    const mint = `0x${'ab'.repeat(20)}`;
    const a = attributes(embedSnippet('https://mintcast.example', mint, 'Moon "Show" <live> & more'));
    expect(a.src).toBe(`https://mintcast.example/embed/${mint}`);
    expect(a.title).toBe('Moon "Show" <live> & more');
    expect(a).toHaveProperty('allowfullscreen');
  });
});
