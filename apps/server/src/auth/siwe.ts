import { BSC_CHAIN_ID, isPlainText, SIWE_LIMITS } from '@mintcast/contracts';
import { type Hex, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe';
import { unauthorized } from '../http/errors.ts';

/** Clock skew we tolerate on `Issued At` from the client's clock. */
const ISSUED_AT_SKEW_MS = 60_000;
/** A message must be signed recently: nonces live minutes, so must the message. */
const ISSUED_AT_MAX_AGE_MS = 10 * 60_000;

export interface SiweCheckOptions {
  /** Origins (scheme://host[:port]) a message may be bound to: our public origin (and configured extras). */
  allowedOrigins: string[];
  now?: Date;
}

const reject = (why: string) => unauthorized(`Invalid SIWE message: ${why}`);

/** Parse strictly: the message must be exactly what EIP-4361's ABNF produces for its own fields. */
type ParsedSiwe = SiweMessage & { issuedAt: Date };

const parseStrict = (text: string): ParsedSiwe => {
  if (text.length > SIWE_LIMITS.message) throw reject('message is too long');
  // Lines are separated by \n; any other control character (NUL, CR, tab, escapes…) in any field is refused.
  if (text.split('\n').some((line) => !isPlainText(line))) throw reject('control characters are not allowed');
  const fields = parseSiweMessage(text);
  const { address, chainId, domain, nonce, uri, version, issuedAt } = fields;
  if (!address || !chainId || !domain || !nonce || !uri || !version || !issuedAt)
    throw reject('malformed message');
  if (domain.length > SIWE_LIMITS.domain) throw reject('domain is too long');
  if (uri.length > SIWE_LIMITS.uri) throw reject('uri is too long');
  if (nonce.length > SIWE_LIMITS.nonce) throw reject('nonce is too long');
  if ((fields.statement?.length ?? 0) > SIWE_LIMITS.statement) throw reject('statement is too long');
  if ((fields.requestId?.length ?? 0) > SIWE_LIMITS.requestId) throw reject('request id is too long');
  const resources = fields.resources ?? [];
  if (resources.length > SIWE_LIMITS.resources || resources.some((r) => r.length > SIWE_LIMITS.resource))
    throw reject('too many or too long resources');
  const message = { ...fields, address, chainId, domain, nonce, uri, version, issuedAt } as ParsedSiwe;
  // viem's parser is a lenient regex; re-serialising and comparing enforces the grammar (EIP-55 address,
  // field order, RFC 3339 times, version "1", nonce of 8+ alphanumerics, nothing before or after).
  let canonical: string;
  try {
    canonical = createSiweMessage(message);
  } catch {
    throw reject('malformed message');
  }
  if (canonical !== text) throw reject('malformed message');
  return message;
};

/**
 * Every rule of EIP-4361 that does not need the database: grammar, bounds, domain/uri binding to our origin,
 * the signed chain id (BSC), time window, and an EOA signature by the message's address.
 * (ERC-1271 contract wallets would need an RPC call; none is reachable here, so they are not supported yet.)
 */
export const checkSiwe = async (
  text: string,
  signature: Hex,
  opts: SiweCheckOptions,
): Promise<ParsedSiwe> => {
  const now = opts.now ?? new Date();
  const message = parseStrict(text);
  const allowed = opts.allowedOrigins.map((o) => new URL(o));
  const match = allowed.find((o) => o.host === message.domain);
  if (!match) throw reject('domain does not match this site');
  if (message.scheme && `${message.scheme}:` !== match.protocol)
    throw reject('scheme does not match this site');
  let uriOrigin: string;
  try {
    uriOrigin = new URL(message.uri).origin;
  } catch {
    throw reject('malformed uri');
  }
  if (uriOrigin !== match.origin) throw reject('uri does not match this site');
  if (message.chainId !== BSC_CHAIN_ID) throw reject(`chain id must be ${BSC_CHAIN_ID}`);

  const t = now.getTime();
  if (message.issuedAt.getTime() > t + ISSUED_AT_SKEW_MS) throw reject('issued in the future');
  if (message.issuedAt.getTime() < t - ISSUED_AT_MAX_AGE_MS) throw reject('issued too long ago');
  if (message.expirationTime && message.expirationTime.getTime() <= t) throw reject('message has expired');
  if (message.notBefore && message.notBefore.getTime() > t) throw reject('message is not yet valid');

  let valid = false;
  try {
    valid = await verifyMessage({ address: message.address, message: text, signature });
  } catch {
    valid = false;
  }
  if (!valid) throw reject('signature does not match the address');
  return message;
};
