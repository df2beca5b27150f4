import type { TStream } from '@mintcast/contracts';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../lib/i18n/i18n.ts';
import { liveAudience, liveAudienceShort } from './live-audience.ts';

const stream = (over: Partial<TStream>) => ({ num_participants: 0, live_since: null, ...over }) as TStream;

describe('liveAudience', () => {
  const start = Date.parse('2026-01-01T10:00:00Z');
  it('says how many watch and for how long', () => {
    const s = stream({ num_participants: 12, live_since: '2026-01-01T10:00:00Z' });
    expect(liveAudience(s, start + 65 * 60_000)).toBe('12 watching · 1h 5m');
    expect(liveAudience(s, start + 12 * 60_000 + 59_000)).toBe('12 watching · 12m');
    expect(liveAudience(s, start + 30_000)).toBe('12 watching · <1m');
  });
  it('leaves out the time when the start is unknown', () => {
    expect(liveAudience(stream({ num_participants: 1234 }), start)).toBe('1,234 watching');
  });
  it('speaks the site language, with its plural and number format', async () => {
    await switchLanguage('fr');
    try {
      expect(liveAudience(stream({ num_participants: 1 }), start, 'fr')).toBe('1 spectateur');
      expect(liveAudience(stream({ num_participants: 1234 }), start, 'fr')).toBe('1\u202f234 spectateurs');
    } finally {
      await switchLanguage('en');
    }
  });
});

describe('liveAudienceShort', () => {
  it('keeps the number and the time, for the little room a card has', () => {
    const start = Date.parse('2026-01-01T10:00:00Z');
    const s = stream({ num_participants: 1234, live_since: '2026-01-01T10:00:00Z' });
    expect(liveAudienceShort(s, start + 65 * 60_000, 'en')).toBe('1,234 · 1h 5m');
    expect(liveAudienceShort(stream({ num_participants: 3 }), start, 'en')).toBe('3');
  });
});
