import { describe, expect, it } from 'vitest';
import { creatorName } from './creator-name.ts';

describe('creatorName (issue 29)', () => {
  const address = '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f';
  it('is the username, else the short address, else the fallback', () => {
    expect(creatorName('moon_host', address, 'Anonymous')).toBe('moon_host');
    expect(creatorName('  ', address, 'Anonymous')).toBe('0x7a3f...8e0f');
    expect(creatorName(null, address, 'Anonymous')).toBe('0x7a3f...8e0f');
    expect(creatorName(null, null, 'Anonymous')).toBe('Anonymous');
  });
});
