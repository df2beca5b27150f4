import {
  DEFAULT_TOKEN_IMAGE,
  defaultTokenDescription,
  INVALID_ADDRESS_MESSAGE,
  isTokenAddress,
  TOKEN_MESSAGES,
  TOKEN_PREVIEW_DEFAULTS,
  type TTokenData,
  type TTokenPreview,
} from '@mintcast/contracts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { fetchTokenData } from '../../queries/token.ts';

export type TokenLookupResult =
  | { status: 'ok'; preview: TTokenPreview }
  | { status: 'invalid'; message: string }
  | { status: 'failed'; message: string };

/** The wizard's Token preview from gateway data, with the defaults of spec §3. */
export const buildTokenPreview = (address: string, data: TTokenData): TTokenPreview => {
  const name = data.name.trim() || TOKEN_PREVIEW_DEFAULTS.name;
  const symbol = data.symbol.trim() || TOKEN_PREVIEW_DEFAULTS.symbol;
  return {
    address: address.toLowerCase(),
    name,
    symbol,
    description: defaultTokenDescription(name, symbol),
    image: data.imageUrl || DEFAULT_TOKEN_IMAGE,
    marketCap: data.marketCap,
    price: data.priceUsd,
    website: data.websites[0]?.url ?? null,
    twitter: data.twitter,
    telegram: data.telegram,
  };
};

export interface LookupDeps {
  fetchToken?: (address: string) => Promise<TTokenData>;
  toast?: Pick<typeof notify, 'success' | 'error'>;
}

/**
 * Step 1 of the wizard: validate the address (spec §5), ask the gateway, build the preview. Toasts the
 * outcome (spec §8); the result also carries the gateway's reason ("Token not found on BSC", …) for an
 * inline message.
 */
export const lookupToken = async (input: string, deps: LookupDeps = {}): Promise<TokenLookupResult> => {
  const toast = deps.toast ?? notify;
  const address = input.trim();
  if (!isTokenAddress(address)) {
    toast.error(INVALID_ADDRESS_MESSAGE);
    return { status: 'invalid', message: INVALID_ADDRESS_MESSAGE };
  }
  try {
    const data = await (deps.fetchToken ?? fetchTokenData)(address);
    toast.success(TOKEN_MESSAGES.lookupSuccess);
    return { status: 'ok', preview: buildTokenPreview(address, data) };
  } catch (err) {
    toast.error(TOKEN_MESSAGES.lookupFailed);
    const message = err instanceof ApiError && err.status !== 0 ? err.message : TOKEN_MESSAGES.unavailable;
    return { status: 'failed', message };
  }
};
