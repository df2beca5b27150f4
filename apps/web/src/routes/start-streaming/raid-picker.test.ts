import { describe, expect, it } from 'vitest';
import { raidTarget } from './raid-picker.tsx';

const SELF = `0x${'a'.repeat(40)}`;
const OTHER = `0x${'b'.repeat(40)}`;

describe('raidTarget: what the end dialog raids', () => {
  it('is the picked live stream while the address box is empty, none when "No raid" is picked', () => {
    expect(raidTarget(OTHER, '', SELF)).toBe(OTHER);
    expect(raidTarget(null, '   ', SELF)).toBeNull();
  });

  it('is a pasted address (canonical) over the picked one; an invalid or own address is no target', () => {
    expect(raidTarget(null, `  ${OTHER.toUpperCase().replace('0X', '0x')} `, SELF)).toBe(OTHER);
    expect(raidTarget(OTHER, '0x1234', SELF)).toBeNull();
    expect(raidTarget(OTHER, SELF, SELF)).toBeNull();
  });
});
