import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BUILT_IN_FIXTURES_DIR,
  type Fixture,
  type FixturePair,
  indexFixtures,
  loadFixtures,
  pairsFor,
  SHARED_FIXTURES_DIR,
} from './fixtures.ts';

/** How the stand-in answers: like DexScreener, or one of the failures a client must survive. */
export type StandinMode = 'normal' | '429' | '500' | 'malformed' | 'hang';

export interface StandinOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Folder of samples; default `../shared/fixtures/dexscreener`. Every `*.json` in it is served. */
  fixturesDir?: string;
  /** Also serve this package's own samples (`fixtures/`); default true. */
  includeBuiltIn?: boolean;
  host?: string;
}

export interface MarketStandin {
  url: string;
  /** Requests received on the API paths since start or `reset()`. */
  requests(): number;
  /** Requests whose address list included this token (case-insensitive). */
  requestsFor(address: string): number;
  /** Answer every request, or only requests naming `address`, in this mode. */
  setMode(mode: StandinMode, address?: string): void;
  /** Serve the sample named `fixture` (file name without `.json`) for `address`. */
  assign(address: string, fixture: string): void;
  /** Serve `priceUsd` for this token from now on (its market cap moves with it): a price tick. */
  setPrice(address: string, priceUsd: number): void;
  /** Delay every answer by `ms` (a slow upstream). */
  setLatency(ms: number): void;
  /** Back to normal: counters zero, modes normal, assignments and latency cleared, samples re-read. */
  reset(): void;
  /** Names of the samples loaded. */
  fixtures(): string[];
  close(): Promise<void>;
}

const MAX_ADDRESSES = 30;
const ROUTES: { prefix: string; form: 'latest' | 'v1' }[] = [
  { prefix: '/latest/dex/tokens/', form: 'latest' },
  { prefix: '/tokens/v1/bsc/', form: 'v1' },
];

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** A pair as served at another USD price: market cap and FDV scale with it. */
const withPrice = (pair: FixturePair, priceUsd: number): FixturePair => {
  const p = pair as FixturePair & { priceUsd?: string; marketCap?: number; fdv?: number };
  const ratio = Number(p.priceUsd) > 0 ? priceUsd / Number(p.priceUsd) : 1;
  return {
    ...p,
    priceUsd: String(priceUsd),
    ...(typeof p.marketCap === 'number' ? { marketCap: p.marketCap * ratio } : {}),
    ...(typeof p.fdv === 'number' ? { fdv: p.fdv * ratio } : {}),
  };
};

/** Start the market-data stand-in: the two DexScreener token endpoints, served from the samples. */
export const startMarketStandin = async (opts: StandinOptions = {}): Promise<MarketStandin> => {
  const dirs = [opts.fixturesDir ?? SHARED_FIXTURES_DIR];
  if (opts.includeBuiltIn !== false) dirs.push(BUILT_IN_FIXTURES_DIR);

  let fixtures: Fixture[] = [];
  let byAddress = new Map<string, Fixture>();
  const assigned = new Map<string, string>();
  const prices = new Map<string, number>();
  const modes = new Map<string, StandinMode>();
  let globalMode: StandinMode = 'normal';
  let latencyMs = 0;
  let total = 0;
  const perAddress = new Map<string, number>();
  const load = () => {
    fixtures = loadFixtures(dirs);
    byAddress = indexFixtures(fixtures);
  };
  load();

  const fixtureFor = (address: string): Fixture | undefined => {
    const name = assigned.get(address);
    return name ? fixtures.find((f) => f.name === name) : byAddress.get(address);
  };

  const answer = (res: ServerResponse, form: 'latest' | 'v1', addresses: string[]) => {
    const modeOf = addresses.map((a) => modes.get(a)).find((m) => m && m !== 'normal');
    const mode = modeOf ?? globalMode;
    if (mode === 'hang') return; // keep the socket open and never answer
    if (mode === '429') {
      res.writeHead(429, { 'content-length': 0 }).end();
      return;
    }
    if (mode === '500') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (mode === 'malformed') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"schemaVersion":"1.0.0","pairs":[{"chai');
      return;
    }
    const pairs: FixturePair[] = [];
    for (const address of addresses) {
      const fixture = fixtureFor(address);
      const served = fixture ? (pairsFor(fixture, address) ?? []) : [];
      const price = prices.get(address);
      pairs.push(...(price === undefined ? served : served.map((p) => withPrice(p, price))));
    }
    if (form === 'v1')
      return sendJson(
        res,
        200,
        pairs.filter((p) => p.chainId === 'bsc'),
      );
    sendJson(res, 200, { schemaVersion: '1.0.0', pairs: pairs.length > 0 ? pairs : null });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const route = ROUTES.find((r) => url.pathname.startsWith(r.prefix));
    if (req.method !== 'GET' || !route) return sendJson(res, 404, { error: 'Not Found' });
    const addresses = decodeURIComponent(url.pathname.slice(route.prefix.length))
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean);
    total += 1;
    for (const a of new Set(addresses)) perAddress.set(a, (perAddress.get(a) ?? 0) + 1);
    if (addresses.length === 0 || addresses.length > MAX_ADDRESSES) {
      return sendJson(res, 400, { error: `Between 1 and ${MAX_ADDRESSES} addresses` });
    }
    if (latencyMs > 0) setTimeout(() => answer(res, route.form, addresses), latencyMs);
    else answer(res, route.form, addresses);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    requests: () => total,
    requestsFor: (address) => perAddress.get(address.toLowerCase()) ?? 0,
    setMode(mode, address) {
      if (address) modes.set(address.toLowerCase(), mode);
      else {
        globalMode = mode;
        modes.clear();
      }
    },
    assign(address, fixture) {
      if (!fixtures.some((f) => f.name === fixture)) throw new Error(`No sample named ${fixture}`);
      assigned.set(address.toLowerCase(), fixture);
    },
    setPrice(address, priceUsd) {
      prices.set(address.toLowerCase(), priceUsd);
    },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    reset() {
      total = 0;
      perAddress.clear();
      modes.clear();
      assigned.clear();
      prices.clear();
      globalMode = 'normal';
      latencyMs = 0;
      load();
    },
    fixtures: () => fixtures.map((f) => f.name),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // hung requests would otherwise keep the server open
      }),
  };
};
