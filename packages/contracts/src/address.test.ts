import { describe, expect, it } from 'vitest';
import {
  INVALID_ADDRESS_MESSAGE,
  isTokenAddress,
  resolveSearch,
  shortenAddress,
  ZAddress,
} from './address.ts';

const MINT = '0x7A3f5C2e9B1d4E8f6A0c3B5d7E9f1A2b4C6d8E0f';

describe('token address rule (spec §5)', () => {
  it('accepts 0x followed by exactly 40 hex characters, any case', () => {
    expect(isTokenAddress(MINT)).toBe(true);
    expect(isTokenAddress(MINT.toLowerCase())).toBe(true);
  });
  it.each([
    ['too short', MINT.slice(0, 41)],
    ['too long', `${MINT}0`],
    ['no 0x', MINT.slice(2)],
    ['not hex', `0x${'g'.repeat(40)}`],
    ['empty', ''],
  ])('rejects %s', (_name, value) => {
    expect(isTokenAddress(value)).toBe(false);
  });
  it('the schema trims, canonicalises to lower case and names the spec error', () => {
    expect(ZAddress.parse(`  ${MINT} `)).toBe(MINT.toLowerCase());
    const bad = ZAddress.safeParse('0x123');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(INVALID_ADDRESS_MESSAGE);
  });
  it('shortens to first 6, "...", last 4', () => {
    expect(shortenAddress(MINT)).toBe('0x7A3f...8E0f');
  });
});

describe('search submit (spec §2, §5)', () => {
  it('ignores blank and whitespace-only input', () => {
    expect(resolveSearch('')).toEqual({ kind: 'ignore' });
    expect(resolveSearch('   \t ')).toEqual({ kind: 'ignore' });
  });
  it('treats 32 or more trimmed characters as a token address', () => {
    expect(resolveSearch(`  ${MINT}  `)).toEqual({ kind: 'stream', mint: MINT });
    expect(resolveSearch('x'.repeat(32))).toEqual({ kind: 'stream', mint: 'x'.repeat(32) });
  });
  it('sends shorter text to explore, trimmed', () => {
    expect(resolveSearch('x'.repeat(31))).toEqual({ kind: 'explore', query: 'x'.repeat(31) });
    expect(resolveSearch('  moon  ')).toEqual({ kind: 'explore', query: 'moon' });
  });
});
