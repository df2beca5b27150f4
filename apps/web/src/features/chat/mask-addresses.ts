import type { TextPart } from './linkify.ts';

/** A chat part that names a contract other than the stream's own token: hidden until the reader opens it. */
export type MaskedPart = { kind: 'masked'; text: string };
export type ChatPart = TextPart | MaskedPart;

const ADDRESS_RE = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

/**
 * The fake-contract-address scam (issue 34): in a busy chat someone posts "the real CA is 0x…" for a token
 * that is not the stream's. Every address other than `ownToken`, and every link that carries one, becomes a
 * masked part the reader can open on purpose; the stream's own token stays as typed.
 */
export const maskForeignAddresses = (parts: TextPart[], ownToken: string): ChatPart[] => {
  const own = ownToken.toLowerCase();
  const foreign = (s: string) => [...s.matchAll(ADDRESS_RE)].some((m) => m[0].toLowerCase() !== own);
  const out: ChatPart[] = [];
  for (const part of parts) {
    if (part.kind === 'link') {
      out.push(foreign(part.href) ? { kind: 'masked', text: part.text } : part);
      continue;
    }
    let last = 0;
    for (const m of part.text.matchAll(ADDRESS_RE)) {
      if (m[0].toLowerCase() === own) continue;
      const start = m.index ?? 0;
      if (start > last) out.push({ kind: 'text', text: part.text.slice(last, start) });
      out.push({ kind: 'masked', text: m[0] });
      last = start + m[0].length;
    }
    if (last < part.text.length) out.push({ kind: 'text', text: part.text.slice(last) });
  }
  return out;
};
