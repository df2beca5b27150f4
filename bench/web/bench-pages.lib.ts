import { startMarketStandin } from '@mintcast/market-standin';
import { startApp } from '../../e2e/support/app-server.ts';
import { streamSeed } from '../../e2e/support/data.ts';

/**
 * The built app as the web benches load it: 13 streams (4 live) and the market stand-in's sample token, so the
 * stream page shows its token and trading cards as in production (without it every market-data request
 * answers 503, logged as console errors). The chain RPC stays the public one: offline it is unreachable
 * (ERR_NAME_NOT_RESOLVED in the console, best practices 96). `pages` are the home page and that token's
 * stream page.
 */
export const startBenchPages = async () => {
  const standin = await startMarketStandin();
  const live = streamSeed({
    mint: '0x7a3f5c2e9b1d4e8f6a0c3b5d7e9f1a2b4c6d8e0f',
    name: 'Bench Token',
    symbol: 'BENCH',
    is_currently_live: false,
  });
  const app = await startApp({
    streams: [live, ...Array.from({ length: 12 }, (_, i) => streamSeed({ is_currently_live: i < 4 }))],
    env: { MARKET_DATA_URL: standin.url },
  });
  return {
    url: app.url,
    pages: [
      ['home', '/'],
      ['stream page', `/livestream/${live.mint}`],
    ] as const,
    close: async () => {
      await app.stop();
      await standin.close();
    },
  };
};
