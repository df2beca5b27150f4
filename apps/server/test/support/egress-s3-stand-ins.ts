import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressInfo, EgressStatus, type ParticipantInfo, TokenVerifier } from 'livekit-server-sdk';

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => () =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });
const body = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A stand-in for an external LiveKit's Egress service (Twirp, JSON, as livekit-server-sdk speaks it): checks the
 * access token the SDK signs (API key, secret, the `roomRecord` grant), records the calls, and keeps the egresses
 * so `ListEgress` answers as LiveKit does. Its RoomService lists `participants` in every room.
 */
export const startLivekitEgressStandIn = async (keys: { apiKey: string; apiSecret: string }) => {
  const verifier = new TokenVerifier(keys.apiKey, keys.apiSecret);
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const refused: string[] = [];
  const egresses = new Map<string, EgressInfo>();
  const participants: ParticipantInfo[] = [];
  const server = createServer(async (req, res) => {
    const json = JSON.parse((await body(req)).toString() || '{}') as Record<string, unknown>;
    const method = (req.url ?? '').split('/').pop() ?? '';
    res.setHeader('content-type', 'application/json');
    const fail = (status: number, code: string, msg: string) => {
      refused.push(`${method}: ${msg}`);
      res.statusCode = status;
      res.end(JSON.stringify({ code, msg }));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grants = token ? await verifier.verify(token).catch(() => undefined) : undefined;
    if (!grants) return fail(401, 'unauthenticated', 'bad or missing access token');
    const egressMethod = (req.url ?? '').startsWith('/twirp/livekit.Egress/');
    if (egressMethod && !grants.video?.roomRecord)
      return fail(403, 'permission_denied', 'no roomRecord grant');
    calls.push({ method, body: json });
    if (method === 'StartParticipantEgress') {
      const info = new EgressInfo({
        egressId: `EG_${calls.length}`,
        roomName: String(json.roomName ?? ''),
        status: EgressStatus.EGRESS_ACTIVE,
      });
      egresses.set(info.egressId, info);
      return res.end(JSON.stringify(info.toJson()));
    }
    if (method === 'StopEgress') {
      const info = egresses.get(String(json.egressId ?? ''));
      if (!info || info.status !== EgressStatus.EGRESS_ACTIVE)
        return fail(412, 'failed_precondition', 'egress not active');
      info.status = EgressStatus.EGRESS_ENDING;
      return res.end(JSON.stringify(info.toJson()));
    }
    if (method === 'ListEgress') {
      const items = [...egresses.values()].filter((e) => !json.roomName || e.roomName === json.roomName);
      return res.end(JSON.stringify({ items: items.map((e) => e.toJson()) }));
    }
    if (method === 'ListParticipants')
      return res.end(JSON.stringify({ participants: participants.map((p) => p.toJson()) }));
    return fail(404, 'bad_route', `no method ${method}`);
  });
  const origin = await listen(server);
  return { calls, refused, egresses, participants, origin, close: close(server) };
};

/** RFC 3986 escaping, as SigV4 canonical queries use. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/**
 * A stand-in for an S3-compatible store (path-style `/<bucket>/<key>`): GET (with one Range), HEAD and DELETE,
 * every request checked for an AWS Signature Version 4 (header or presigned query, expiry included) made with
 * `credentials`; anonymous GETs are allowed under `publicPrefix` only (a bucket policy like MinIO's `anonymous set
 * download`). Objects are put by the test (`objects`), as LiveKit's Egress would upload them.
 */
export const startS3StandIn = async (opts: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicPrefix: string;
  now?: () => number;
}) => {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; key: string; auth: 'header' | 'query' | 'anonymous'; range?: string }[] =
    [];
  const refused: string[] = [];

  /** The signature the request should carry, or why it cannot be checked. */
  const verify = (req: IncomingMessage, url: URL): 'header' | 'query' | 'anonymous' | string => {
    const q = url.searchParams;
    const header = req.headers.authorization;
    let credential: string;
    let signedHeaders: string;
    let signature: string;
    let amzDate: string;
    let payload: string;
    let kind: 'header' | 'query';
    if (q.get('X-Amz-Algorithm')) {
      kind = 'query';
      credential = q.get('X-Amz-Credential') ?? '';
      signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
      signature = q.get('X-Amz-Signature') ?? '';
      amzDate = q.get('X-Amz-Date') ?? '';
      payload = 'UNSIGNED-PAYLOAD';
      const expires = Number(q.get('X-Amz-Expires') ?? '0');
      const at = Date.parse(
        amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      );
      if (!(at + expires * 1000 > (opts.now?.() ?? Date.now()))) return 'presigned URL expired';
    } else if (header) {
      kind = 'header';
      const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
        header,
      );
      if (!m) return 'malformed Authorization';
      [, credential = '', signedHeaders = '', signature = ''] = m;
      amzDate = String(req.headers['x-amz-date'] ?? '');
      payload = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
    } else return 'anonymous';
    const [keyId, date = '', region, service, terminator] = credential.split('/');
    if (keyId !== opts.accessKeyId) return 'unknown access key';
    if (region !== opts.region || service !== 's3' || terminator !== 'aws4_request')
      return 'bad credential scope';
    const query = [...q.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = signedHeaders.split(';');
    if (!names.includes('host')) return 'host not signed';
    const headers = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payload].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, date), region), 's3'), 'aws4_request');
    const expected = hmac(key, toSign);
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return 'signature does not match';
    return kind;
  };

  const server = createServer(async (req, res) => {
    await body(req);
    const url = new URL(req.url ?? '/', 'http://s3.invalid');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const auth = verify(req, url);
    const deny = (status: number, code: string, why: string) => {
      refused.push(`${req.method} ${key}: ${why}`);
      res.statusCode = status;
      res.setHeader('content-type', 'application/xml');
      res.end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${why}</Message></Error>`);
    };
    if (auth !== 'header' && auth !== 'query' && auth !== 'anonymous')
      return deny(403, 'SignatureDoesNotMatch', auth);
    if (auth === 'anonymous' && !(req.method === 'GET' && key.startsWith(opts.publicPrefix)))
      return deny(403, 'AccessDenied', 'anonymous access outside the public prefix');
    if (bucket !== opts.bucket) return deny(404, 'NoSuchBucket', `no bucket ${bucket}`);
    const range = req.headers.range;
    requests.push({ method: req.method ?? '', key, auth, ...(range ? { range } : {}) });
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return deny(405, 'MethodNotAllowed', String(req.method));
    const object = objects.get(key);
    if (!object) return deny(404, 'NoSuchKey', 'no such key');
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-type', key.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4');
    const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
    let [start, end] = [0, object.length - 1];
    if (m) {
      if (m[1] === '') start = Math.max(0, object.length - Number(m[2]));
      else {
        start = Number(m[1]);
        if (m[2] !== '') end = Math.min(end, Number(m[2]));
      }
      if (start > end) return deny(416, 'InvalidRange', 'range not satisfiable');
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${start}-${end}/${object.length}`);
    }
    res.setHeader('content-length', end - start + 1);
    res.end(req.method === 'HEAD' ? undefined : object.subarray(start, end + 1));
  });
  const origin = await listen(server);
  return { objects, requests, refused, origin, close: close(server) };
};
