import { THUMBNAIL_MAX_BYTES, ZApiError, ZStream, ZThumbnailResponse } from '@mintcast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStream } from './support/builders.ts';
import { signIn } from './support/sign-in.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { databaseKind } from './support/test-database.ts';

let t: TestApp;
/** The app's clock: a thumbnail's URL carries the time of its upload. */
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t?.close());

/** Bytes that start like a real JPEG (SOI + APP0 marker); the server sniffs, it does not decode. */
const jpeg = (size: number): Buffer => {
  const b = Buffer.alloc(size, 7);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
};
const webp = (size: number): Buffer => {
  const b = Buffer.alloc(size, 1);
  b.write('RIFF', 0, 'ascii');
  b.write('WEBP', 8, 'ascii');
  return b;
};
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0]);

const upload = (mint: string, body: Buffer, headers: Record<string, string>, type = 'image/jpeg') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/live/thumbnails/${mint}`,
    payload: body,
    headers: { 'content-type': type, ...headers },
  });

describe(`live thumbnails (${databaseKind()})`, () => {
  it('stores the creator’s frame, points the stream at it and serves the same bytes', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: me.address, is_currently_live: true });
    const frame = jpeg(20_000);
    const res = await upload(s.mint, frame, me.headers);
    expect(res.statusCode).toBe(200);
    const { thumbnail } = ZThumbnailResponse.parse(res.json());
    expect(thumbnail).toMatch(new RegExp(`^/api/live/thumbnails/${s.mint}\\?v=\\d+$`));
    const stream = ZStream.parse(
      (await t.app.inject({ method: 'GET', url: `/api/streams/${s.mint}` })).json(),
    );
    expect(stream.thumbnail).toBe(thumbnail);

    const img = await t.app.inject({ method: 'GET', url: thumbnail });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(img.rawPayload, frame)).toBe(0);
    const again = await t.app.inject({
      method: 'GET',
      url: thumbnail,
      headers: { 'if-none-match': String(img.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // A newer WebP frame replaces it, under a new URL so caches do not keep the old picture.
    clock += 1_000;
    const next = ZThumbnailResponse.parse(
      (await upload(s.mint, webp(5_000), me.headers, 'image/webp')).json(),
    );
    expect(next.thumbnail).not.toBe(thumbnail);
    const img2 = await t.app.inject({ method: 'GET', url: next.thumbnail });
    expect(img2.headers['content-type']).toBe('image/webp');
  });

  it('accepts only the creator', async () => {
    const creator = await signIn(t.app);
    const other = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: creator.address });
    expect((await upload(s.mint, jpeg(1000), {})).statusCode).toBe(401);
    const res = await upload(s.mint, jpeg(1000), other.headers);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/live/thumbnails/${s.mint}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses frames over the size cap and bytes that are not JPEG or WebP', async () => {
    const me = await signIn(t.app);
    const s = await createStream(t.database.db, { creator_address: me.address });
    const big = await upload(s.mint, jpeg(THUMBNAIL_MAX_BYTES + 1), me.headers);
    expect(big.statusCode).toBe(413);
    expect(ZApiError.parse(big.json()).error.code).toBe('payload_too_large');
    expect((await upload(s.mint, jpeg(THUMBNAIL_MAX_BYTES), me.headers)).statusCode).toBe(200);
    const fake = await upload(s.mint, png, me.headers); // PNG bytes declared as JPEG
    expect(fake.statusCode).toBe(415);
    const asText = await upload(s.mint, jpeg(100), me.headers, 'text/plain');
    expect(asText.statusCode).toBe(415);
    const unknown = await upload(`0x${'9'.repeat(40)}`, jpeg(100), me.headers);
    expect(unknown.statusCode).toBe(404);
  });
});
