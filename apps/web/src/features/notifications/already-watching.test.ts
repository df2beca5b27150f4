import { describe, expect, it } from 'vitest';
import { alreadyWatching } from './already-watching.ts';

const MINT = `0x${'ab'.repeat(20)}`;

describe('alreadyWatching', () => {
  it('is true on the stream page of that mint, whatever its case', () => {
    expect(alreadyWatching(`/livestream/${MINT}`, MINT)).toBe(true);
    expect(alreadyWatching(`/livestream/${MINT.toUpperCase().replace('0X', '0x')}/`, MINT)).toBe(true);
  });
  it('is false anywhere else', () => {
    expect(alreadyWatching('/', MINT)).toBe(false);
    expect(alreadyWatching(`/livestream/0x${'cd'.repeat(20)}`, MINT)).toBe(false);
    expect(alreadyWatching(`/dashboard/${MINT}`, MINT)).toBe(false);
  });
});
