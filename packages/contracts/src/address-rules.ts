import { TOKEN_ADDRESS_THRESHOLD } from './constants.ts';

// Zod-free on purpose: the web shell uses these without pulling a schema library into its first chunk.

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** Spec §5: `0x` followed by exactly 40 hexadecimal characters. */
export const isTokenAddress = (value: string): boolean => ADDRESS_RE.test(value);

/** Mints and wallet addresses are stored and compared in one canonical case: lower. */
export const canonicalAddress = (value: string): string => value.toLowerCase();

export const INVALID_ADDRESS_MESSAGE = 'Please enter a valid BSC token address';

/** First 6 characters, "...", last 4 (spec §3 Wallet connection). */
export const shortenAddress = (address: string): string =>
  address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;

export type SearchTarget =
  | { kind: 'ignore' }
  | { kind: 'stream'; mint: string }
  | { kind: 'explore'; query: string };

/**
 * Spec §2/§5 search submit: blank is ignored; 32+ characters after trimming is a token address
 * (go to the stream page); anything shorter searches on /explore.
 */
export const resolveSearch = (input: string): SearchTarget => {
  const text = input.trim();
  if (text === '') return { kind: 'ignore' };
  if (text.length >= TOKEN_ADDRESS_THRESHOLD) return { kind: 'stream', mint: text };
  return { kind: 'explore', query: text };
};
