import { describe, expect, it } from 'vitest';
import { chatLinkHosts, firstBlockedLinkHost, isLinkAllowed, normalizeLinkDomain } from './chat-links.ts';

describe('links in chat', () => {
  it('finds links with a scheme, with www. and bare domains with a common TLD', () => {
    expect(chatLinkHosts('see https://X.com/a?b=1 and www.Example.org/x, then claim-bnb.xyz/now')).toEqual([
      'x.com',
      'www.example.org',
      'claim-bnb.xyz',
    ]);
  });

  it('does not take numbers, prices, abbreviations or an address for a link', () => {
    expect(
      chatLinkHosts('up 1.5x, e.g. 0.003 BNB, mc $1.2m, 0x1234567890abcdef1234567890abcdef12345678'),
    ).toEqual([]);
  });

  it('allows a domain of the allowlist and its subdomains, nothing that only ends alike', () => {
    expect(isLinkAllowed('x.com', ['x.com'])).toBe(true);
    expect(isLinkAllowed('docs.x.com', ['x.com'])).toBe(true);
    expect(isLinkAllowed('evilx.com', ['x.com'])).toBe(false);
    expect(isLinkAllowed('x.com.evil.io', ['x.com'])).toBe(false);
    expect(firstBlockedLinkHost('https://x.com and https://y.io', ['x.com'])).toBe('y.io');
    expect(firstBlockedLinkHost('gm https://docs.x.com', ['x.com'])).toBeNull();
    expect(firstBlockedLinkHost('no links here', [])).toBeNull();
  });

  it('normalises what a creator types into a plain domain', () => {
    expect(normalizeLinkDomain(' https://www.X.com/path ')).toBe('x.com');
    expect(normalizeLinkDomain('t.me')).toBe('t.me');
    expect(normalizeLinkDomain('not a domain')).toBeNull();
    expect(normalizeLinkDomain('localhost')).toBeNull();
  });
});
