import { shortenAddress } from '@mintcast/contracts';

/**
 * How a creator is named wherever they appear: their username, else their short wallet address (never
 * "Anonymous" when the wallet is known), else `fallback` for a stream without a creator yet.
 */
export const creatorName = (
  username: string | null | undefined,
  address: string | null | undefined,
  fallback: string,
): string => username?.trim() || (address ? shortenAddress(address) : fallback);
