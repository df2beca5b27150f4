import type { StreamsService } from '../streams/streams.service.ts';
import type { MarketRepository } from './market.repository.ts';
import type { MarketGateway } from './market-gateway.ts';

const VIEWED_WITHIN_MS = 60 * 60_000;

export interface MarketRefreshDeps {
  gateway: Pick<MarketGateway, 'getMany'>;
  repo: Pick<MarketRepository, 'refreshCandidates'>;
  streams: Pick<StreamsService, 'applySystemUpdate'>;
  log?: { warn: (o: object, m: string) => void };
  /** Most streams refreshed per run (10 upstream calls of 30). */
  maxPerRun?: number;
}

/**
 * Keeps `usd_market_cap` current for streams that are live or were viewed in the last hour (cards and
 * Trending's market-cap sort read it), and fills an empty name, symbol or image from the market data.
 * Goes through the gateway, so it shares its cache, its batching and its upstream budget.
 */
export const createMarketRefresh = (deps: MarketRefreshDeps) => {
  const maxPerRun = deps.maxPerRun ?? 300;
  let running: Promise<{ checked: number; updated: number }> | null = null;

  const run = async () => {
    const rows = await deps.repo.refreshCandidates(VIEWED_WITHIN_MS, maxPerRun);
    if (rows.length === 0) return { checked: 0, updated: 0 };
    const lookups = await deps.gateway.getMany(rows.map((r) => r.mint));
    let updated = 0;
    for (const row of rows) {
      const lookup = lookups.get(row.mint);
      if (lookup?.kind !== 'ok') continue;
      const { data } = lookup;
      const values: Parameters<StreamsService['applySystemUpdate']>[1] = {};
      if (Math.round(data.marketCap) !== Math.round(row.usd_market_cap))
        values.usd_market_cap = data.marketCap;
      if (!row.name.trim() && data.name) values.name = data.name;
      if (!row.symbol.trim() && data.symbol) values.symbol = data.symbol;
      if (!row.image_uri && data.imageUrl) values.image_uri = data.imageUrl;
      if (Object.keys(values).length === 0) continue;
      await deps.streams.applySystemUpdate(row.mint, values);
      updated += 1;
    }
    return { checked: rows.length, updated };
  };

  /** One pass; concurrent callers share a pass already running. */
  const runOnce = (): Promise<{ checked: number; updated: number }> => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    runOnce,
  };
};
