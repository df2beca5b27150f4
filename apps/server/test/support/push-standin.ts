import { createDecipheriv, createECDH, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface TestBrowser {
  /** What the browser would POST to /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Every message the push service accepted for it, decrypted with the browser's private key. */
  received: unknown[];
}

export interface PushStandin {
  url: string;
  /**
   * A new browser subscribed at this push service; `status` is what the service answers for it (201 = ok).
   * `decrypt: false` (benchmarks): its messages are accepted and counted, not decrypted (a push service never
   * decrypts; the browser does), and `received` stays empty.
   */
  browser(status?: number, opts?: { decrypt?: boolean }): TestBrowser;
  /** Messages accepted (answered 2xx) so far, for every browser. */
  accepted(): number;
  /** Requests that could not be authenticated or decrypted (must stay empty). */
  rejected: string[];
  /** TCP connections accepted so far (any request, even one that never parses). */
  connections(): number;
  close(): Promise<void>;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 + RFC 8188 aes128gcm, the receiving side: what a browser does with a push message. */
const decrypt = (body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer => {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  // RFC 8291 §3.4: PRK_key = HMAC(auth, ecdh); IKM = HMAC(PRK_key, key_info || 0x01).
  const prkKey = createHmac('sha256', authSecret).update(ecdhSecret).digest();
  const ikm = createHmac('sha256', prkKey)
    .update(Buffer.concat([keyInfo, Buffer.from([1])]))
    .digest();
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
};

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed by that key for this origin. A token
 * already verified is not verified again (a sender reuses one per push service, as push services expect).
 */
const checkVapid = async (
  req: IncomingMessage,
  origin: string,
  vapidPublicKey: string,
  verified: Set<string>,
) => {
  if (verified.has(req.headers.authorization ?? '')) return;
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${req.headers.authorization}`);
  if (m[2] !== vapidPublicKey) throw new Error('VAPID key is not the site key');
  const raw = Buffer.from(m[2], 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  await jwtVerify(m[1]!, key, { audience: origin, algorithms: ['ES256'] });
  verified.add(req.headers.authorization!);
};

/**
 * A push service (RFC 8030) on loopback: accepts `POST /push/{id}` with a VAPID-signed, aes128gcm-encrypted
 * message and decrypts it as the subscribed browser would; answers each browser with its chosen status.
 */
export const startPushStandin = async (vapidPublicKey: string): Promise<PushStandin> => {
  const browsers = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; decrypt: boolean; t: TestBrowser }
  >();
  let accepted = 0;
  const rejected: string[] = [];
  const verified = new Set<string>();
  let origin = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const b = id ? browsers.get(id) : undefined;
      if (!b || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      (async () => {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL header');
        await checkVapid(req, origin, vapidPublicKey, verified);
        if (b.status >= 200 && b.status < 300) {
          if (b.decrypt)
            b.t.received.push(JSON.parse(decrypt(Buffer.concat(chunks), b.ecdh, b.auth).toString('utf8')));
          accepted++;
        }
        res.writeHead(b.status).end();
      })().catch((err: Error) => {
        rejected.push(err.message);
        res.writeHead(400).end();
      });
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    rejected,
    connections: () => connections,
    accepted: () => accepted,
    browser(status = 201, opts = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      const t: TestBrowser = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: [],
      };
      browsers.set(id, { ecdh, auth, status, decrypt: opts.decrypt ?? true, t });
      return t;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
