import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { rateLimitPerMinute: 5 });
});
afterAll(() => t?.close());

it('answers a flood of requests with a 429 JSON error, and other clients are unaffected', async () => {
  const from = (ip: string) => t.app.inject({ method: 'GET', url: '/api/streams', remoteAddress: ip });
  for (let i = 0; i < 5; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
  const limited = await from('10.0.0.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('rate_limited');
  expect(limited.json().error.message).toMatch(/Too many requests/);
  expect((await from('10.0.0.2')).statusCode).toBe(200);
});
