import { chatChannelForMint } from '@mintcast/contracts';
import { startMarketStandin } from '@mintcast/market-standin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream, randomAddress } from './support/builders.ts';
import { connectRealtime, eventually } from './support/multi-instance.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

const market = await startMarketStandin();
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ marketDataUrl: market.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${port}/api/realtime`;
});
afterAll(async () => {
  await t?.close();
  await market.close();
});

const scrape = async (): Promise<string> => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
const sample = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};
const value = async (series: string) => sample(await scrape(), series);

describe(`GET /metrics (${databaseKind()})`, () => {
  it('times requests by route pattern and status code', async () => {
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/streams/:mint",status_code="404"}';
    const before = await value(series);
    const missing = await t.app.inject({ method: 'GET', url: `/api/streams/${randomAddress()}` });
    expect(missing.statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 1);
    // One series per route, not per URL: the address is not in any label.
    expect(text).not.toMatch(/route="\/api\/streams\/0x/);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('counts database statements in a histogram', async () => {
    const series = 'db_query_duration_seconds_count{operation="select",outcome="ok"}';
    const before = await value(series);
    await t.app.inject({ method: 'GET', url: '/api/streams' });
    expect(await value(series)).toBeGreaterThan(before);
  });

  it('follows open realtime sockets', async () => {
    const series = 'websocket_connections{kind="realtime"}';
    expect(await value(series)).toBe(0);
    const c = await connectRealtime(url, { origin: 'http://localhost:3000' });
    c.send({ type: 'ping' });
    await c.waitFor((e) => e.type === 'pong'); // the server has attached the socket
    expect(await value(series)).toBe(1);
    c.ws.close();
    await eventually(async () => (await value(series)) === 0);
  });

  it('counts chat posts and their deliveries to sockets', async () => {
    const stream = await createStream(t.database.db);
    const me = await signIn(t.app);
    const channel = chatChannelForMint(stream.mint);
    const c = await connectRealtime(url, { origin: 'http://localhost:3000' });
    c.send({ type: 'subscribe', channel });
    await c.waitFor((e) => e.type === 'subscribed');
    const posts = await value('chat_messages_posted_total');
    const deliveries = await value('chat_messages_delivered_total');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream.mint}/messages`,
      headers: me.headers,
      payload: { content: 'hello metrics' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await c.waitFor((e) => e.type === 'message_inserted');
    expect(await value('chat_messages_posted_total')).toBe(posts + 1);
    expect(await value('chat_messages_delivered_total')).toBe(deliveries + 1);

    // A refused post is not counted.
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${stream.mint}/messages`,
      headers: me.headers,
      payload: { content: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(await value('chat_messages_posted_total')).toBe(posts + 1);
    c.ws.close();
  });

  it('counts market upstream calls and cache hits', async () => {
    const token = randomAddress();
    market.assign(token, 'token-two-pairs');
    const calls = await value('market_upstream_calls_total{outcome="ok"}');
    const hits = await value('market_cache_hits_total');
    const misses = await value('market_cache_misses_total');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/tokens/${token}` })).statusCode).toBe(200);
    }
    expect(await value('market_upstream_calls_total{outcome="ok"}')).toBe(calls + 1);
    expect(await value('market_cache_misses_total')).toBe(misses + 1);
    expect(await value('market_cache_hits_total')).toBe(hits + 2);
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: only a direct loopback scraper; relayed or remote requests get a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
    expect(relayed.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /metrics' } });
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: whoever presents it as a bearer, from anywhere', async () => {
    const secured = await createTestApp({ metricsToken: 'scrape-secret-123' });
    try {
      const get = (headers: Record<string, string>) =>
        secured.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '203.0.113.9' });
      const none = await get({});
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');
      expect((await get({ authorization: 'Bearer wrong-secret-12' })).statusCode).toBe(401);
      const ok = await get({ authorization: 'Bearer scrape-secret-123' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE chat_messages_posted_total counter');
    } finally {
      await secured.close();
    }
  });
});
