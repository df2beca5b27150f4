import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en/index.ts';
import { DEFAULT_TRENDING_SORT, parseTrendingSort, TRENDING_SORTS } from './sort-options.ts';

describe('trending sorts', () => {
  it('offers Market Cap (default), Participants and Activity in that order', () => {
    expect(TRENDING_SORTS.map((s) => en.trending.sort[s.value])).toEqual([
      'Market Cap',
      'Participants',
      'Activity',
    ]);
    expect(DEFAULT_TRENDING_SORT).toBe('market_cap');
  });

  it('falls back to the default for a missing or foreign ?sort=', () => {
    expect(parseTrendingSort(null)).toBe('market_cap');
    expect(parseTrendingSort('newest')).toBe('market_cap');
    expect(parseTrendingSort('activity')).toBe('activity');
  });
});
