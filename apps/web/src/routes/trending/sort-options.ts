import type { TStreamSort } from '@mintcast/contracts';

export type TrendingSort = Extract<TStreamSort, 'market_cap' | 'participants' | 'activity'>;

/** Sort buttons of spec §2 in order (labels under `trending.sort`); Market Cap is the default (spec §9). */
export const TRENDING_SORTS: { value: TrendingSort }[] = [
  { value: 'market_cap' },
  { value: 'participants' },
  { value: 'activity' },
];

export const DEFAULT_TRENDING_SORT: TrendingSort = 'market_cap';

/** The sort named in `?sort=`, or the default for anything else. */
export const parseTrendingSort = (value: string | null): TrendingSort =>
  TRENDING_SORTS.find((s) => s.value === value)?.value ?? DEFAULT_TRENDING_SORT;

/** How many rows the trending board shows. */
export const TRENDING_LIMIT = 50;
