import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../src/http/errors.ts';
import { RequestLogController } from '../src/http/request-logging.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** An app logging at `level` into an array, with the server's request log controller and error handler. */
const appAt = async (level: string) => {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  installErrorHandling(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('kaput');
  });
  app.get('/changed', async (request) => {
    request.log.info('stream went live');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
};

describe('request logging', () => {
  it('writes nothing at info for requests that went well, 4xx answers or unknown paths', async () => {
    const { app, lines } = await appAt('info');
    expect((await app.inject({ url: '/ok' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('keeps state changes and errors at info and above', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ url: '/changed' });
    expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'stream went live'],
      [50, 'unhandled error'],
    ]);
    await app.close();
  });

  it('writes each request at debug (LOG_LEVEL=debug)', async () => {
    const { app, lines } = await appAt('debug');
    await app.inject({ url: '/ok' });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    await app.close();
  });
});

describe('the server app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('uses that log controller', () => {
    const key = Object.getOwnPropertySymbols(t.app).find((s) => s.description === 'fastify.logController');
    expect(key && (t.app as unknown as Record<symbol, unknown>)[key]).toBeInstanceOf(RequestLogController);
  });
});
