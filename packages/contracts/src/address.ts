import * as z from 'zod/mini';
import { canonicalAddress, INVALID_ADDRESS_MESSAGE } from './address-rules.ts';
import { format } from './text.ts';

export * from './address-rules.ts';

/** A token/wallet address, validated and canonicalised to lower case. */
export const ZAddress = z.pipe(
  format('address', z.string().check(z.trim(), z.regex(/^0x[0-9a-fA-F]{40}$/, INVALID_ADDRESS_MESSAGE))),
  z.transform(canonicalAddress),
);
