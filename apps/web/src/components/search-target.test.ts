import { describe, expect, it } from 'vitest';
import { searchHref } from './search-target.ts';

describe('searchHref (spec §2/§5 search submit)', () => {
  it('ignores blank input', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('  \t ')).toBeNull();
  });

  it('sends trimmed text shorter than 32 characters to explore, encoded', () => {
    expect(searchHref('  pepe ')).toBe('/explore?search=pepe');
    expect(searchHref('a&b c')).toBe('/explore?search=a%26b+c');
    expect(searchHref('x'.repeat(31))).toBe(`/explore?search=${'x'.repeat(31)}`);
  });

  it('treats 32+ trimmed characters as a token address', () => {
    const mint = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(searchHref(` ${mint} `)).toBe(`/livestream/${mint}`);
    expect(searchHref('y'.repeat(32))).toBe(`/livestream/${'y'.repeat(32)}`);
  });
});
