import { connect } from 'node:net';
import { ZApiError } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => t?.close());

/** Writes `raw` on a fresh connection; resolves with the status and the body once the server closes it. */
const send = (raw: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET') reject(err);
    });
    socket.write(raw);
  });

// What Node's own HTTP parser refuses, before Fastify has a request: the same error shape as every other answer.
describe("Node's own refusals", () => {
  it('431 for headers over the limit, as { error: { code, message } }', async () => {
    const res = await send(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(ZApiError.parse(JSON.parse(res.body)).error.code).toBe('headers_too_large');
  });

  it.each([
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['a control character in the path', 'GET /api/\x01health HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('400 for %s, as { error: { code, message } }', async (_what, raw) => {
    const res = await send(raw);
    expect(res.status).toBe(400);
    expect(ZApiError.parse(JSON.parse(res.body)).error).toEqual({
      code: 'bad_request',
      message: 'Malformed HTTP request',
    });
  });
});
