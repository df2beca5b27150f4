// Zod-free: the chat composer and every chat line use these, and the server enforces with the same code.

/** Top-level domains a bare "name.tld" in chat is read as a link for (scam links rarely carry a scheme). */
const BARE_TLDS =
  'com|net|org|io|xyz|app|finance|fi|co|me|gg|link|info|site|online|top|vip|club|pro|live|tv|to|ly|ai|dev|cc|in|ru|cn|biz|money|exchange|network|claims?|gift|lol|fun';

/** A link in chat: `http(s)://…`, `www.…`, or a bare `name.tld/…` with a common TLD. */
const LINK_RE = new RegExp(
  String.raw`\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${BARE_TLDS})\b(?:\/[^\s<>"']*)?`,
  'gi',
);

const hostOf = (raw: string): string | null => {
  try {
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `http://${raw}`);
    return url.hostname.toLowerCase().replace(/\.$/, '') || null;
  } catch {
    return null;
  }
};

/** The host of every link in a chat message, lower case, in order ("Go to https://X.com/a" → ["x.com"]). */
export const chatLinkHosts = (content: string): string[] => {
  const hosts: string[] = [];
  for (const m of content.matchAll(LINK_RE)) {
    const host = hostOf(m[0]);
    if (host) hosts.push(host);
  }
  return hosts;
};

/** A host is allowed when it is a domain of the allowlist or below one ("x.com" allows "docs.x.com"). */
export const isLinkAllowed = (host: string, allowlist: readonly string[]): boolean =>
  allowlist.some((d) => host === d || host.endsWith(`.${d}`));

/** The first link host of a message that the allowlist does not allow, or null. */
export const firstBlockedLinkHost = (content: string, allowlist: readonly string[]): string | null =>
  chatLinkHosts(content).find((h) => !isLinkAllowed(h, allowlist)) ?? null;

/** Links a creator may allow; a plain domain name, lower case. */
export const LINK_ALLOWLIST_MAX = 30;
export const LINK_DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What a creator types into the allowlist ("https://www.X.com/path" → "x.com"), or null if not a domain. */
export const normalizeLinkDomain = (input: string): string | null => {
  const host = hostOf(input.trim());
  if (!host) return null;
  const bare = host.replace(/^www\./, '');
  return LINK_DOMAIN_RE.test(bare) ? bare : null;
};
