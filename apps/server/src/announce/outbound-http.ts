import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../http/errors.ts';

/** A POST to a URL someone else chose (a push endpoint, a Discord webhook) never takes longer than this. */
const TIMEOUT_MS = 10_000;
/** What is read of an answer: enough for an error message, never a large body held in memory. */
const MAX_ANSWER_BYTES = 16 * 1024;

/** Only public unicast addresses: no loopback, private, link-local (cloud metadata), CGNAT, multicast… */
const isPublicAddress = (ip: string): boolean => {
  try {
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
};

export interface OutboundPolicy {
  /** Tests only: loopback and plain http allowed (the stand-ins listen there). */
  allowPrivate: boolean;
}

/**
 * A `lookup` for http.request that refuses hosts resolving to any non-public address. The connection then uses
 * exactly the addresses checked here, so a DNS answer that changes between a check and the request (DNS
 * rebinding) cannot point it inside the network.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address)))
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }),
        '',
        4,
      );
    if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};

/** Why `url` may not be called (a user-facing message), or null when it may. DNS is checked at send time too. */
export const refusalOf = async (url: string, policy: OutboundPolicy): Promise<string | null> => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (u.username || u.password) return 'URLs with credentials are not accepted';
  if (policy.allowPrivate) return u.protocol === 'https:' || u.protocol === 'http:' ? null : 'must be https';
  if (u.protocol !== 'https:') return 'must be an https URL';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'points at a private or loopback address';
  try {
    const all = await dns.promises.lookup(host, { all: true });
    if (all.length === 0 || !all.every((a) => isPublicAddress(a.address)))
      return 'points at a private or loopback address';
  } catch {
    return 'its host name does not resolve';
  }
  return null;
};

/** `refusalOf` as a 400 for routes. */
export const assertCallable = async (url: string, policy: OutboundPolicy, field: string): Promise<void> => {
  const refusal = await refusalOf(url, policy);
  if (refusal) throw badRequest(`${field}: ${refusal}`);
};

export interface OutboundAnswer {
  status: number;
  body: string;
}

/**
 * POST `body` to a URL chosen by a user, with the SSRF rules of `refusalOf` enforced on the connection itself,
 * a timeout and a bounded answer. Rejects on network errors and refusals; any HTTP status resolves.
 */
export const postOutbound = async (
  url: string,
  opts: { headers: Record<string, string | number>; body: string | Buffer; policy: OutboundPolicy },
): Promise<OutboundAnswer> => {
  const refusal = await refusalOf(url, opts.policy);
  if (refusal) throw new Error(`refused ${new URL(url).host}: ${refusal}`);
  const u = new URL(url);
  // Ours is the one length header (a library's `Content-Length` would be sent twice).
  const headers = Object.fromEntries(
    Object.entries(opts.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  );
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(opts.body) },
        timeout: TIMEOUT_MS,
        ...(opts.policy.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${u.host} in ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
};
