import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoStreams, seedDemo } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('seeds ~40 demo streams, none live (nobody broadcasts them), and re-seeding does not duplicate', async () => {
  expect(await seedDemo(t.database.db)).toBe(demoStreams().length);
  await seedDemo(t.database.db);
  const stats = (await t.app.inject({ method: 'GET', url: '/api/streams/stats' })).json();
  expect(stats.total).toBe(40);
  expect(stats.live).toBe(0);
  const rows = await t.database.db.selectFrom('streams').select('num_participants').execute();
  expect(rows.every((r) => r.num_participants === 0)).toBe(true);
});
