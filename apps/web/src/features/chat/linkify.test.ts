import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('links http(s) URLs only, leaving trailing punctuation as text', () => {
    expect(linkify('see https://example.com/a?b=1, ok')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', ok' },
    ]);
  });

  it('never links javascript:, data: or other schemes, and keeps HTML as text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.y">x</a>']) {
      const parts = linkify(text);
      expect(parts.map((p) => p.text).join('')).toBe(text);
    }
    expect(linkify('javascript:alert(1)').every((p) => p.kind === 'text')).toBe(true);
  });

  it('handles plain text and several links', () => {
    expect(linkify('gm')).toEqual([{ kind: 'text', text: 'gm' }]);
    expect(linkify('http://a.io and https://b.io').filter((p) => p.kind === 'link')).toHaveLength(2);
  });
});
