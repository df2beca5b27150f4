import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoStreams, seedDemo } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('seeds ~40 demo streams, some live, and re-seeding does not duplicate', async () => {
  expect(await seedDemo(t.database.db)).toBe(demoStreams().length);
  await seedDemo(t.database.db);
  const stats = (await t.app.inject({ method: 'GET', url: '/api/streams/stats' })).json();
  expect(stats.total).toBe(40);
  expect(stats.live).toBeGreaterThan(0);
  expect(stats.live).toBeLessThan(stats.total);
});
