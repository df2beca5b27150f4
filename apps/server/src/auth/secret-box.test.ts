import { describe, expect, it } from 'vitest';
import { deriveBoxKey, open, seal } from './secret-box.ts';

describe('secret box', () => {
  const key = deriveBoxKey('a server secret', 'stream-key');
  it('opens what it sealed, in the same context only', () => {
    const sealed = seal(key, 'mck_secret', 'stream 0xabc');
    expect(sealed).not.toContain('mck_secret');
    expect(open(key, sealed, 'stream 0xabc')).toBe('mck_secret');
    expect(open(key, sealed, 'stream 0xdef')).toBeNull();
  });
  it('does not open with another secret, another purpose, or altered bytes', () => {
    const sealed = seal(key, 'mck_secret', 'c');
    expect(open(deriveBoxKey('another secret', 'stream-key'), sealed, 'c')).toBeNull();
    expect(open(deriveBoxKey('a server secret', 'telegram'), sealed, 'c')).toBeNull();
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = `${ct?.[0] === 'A' ? 'B' : 'A'}${ct?.slice(1)}`;
    expect(open(key, [v, iv, tag, flipped].join('.'), 'c')).toBeNull();
    expect(open(key, 'garbage', 'c')).toBeNull();
  });
});
