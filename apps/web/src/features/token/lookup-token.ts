import {
  DEFAULT_TOKEN_IMAGE,
  defaultTokenDescription,
  isTokenAddress,
  TOKEN_ERROR_CODES,
  TOKEN_PREVIEW_DEFAULTS,
  type TTokenData,
  type TTokenPreview,
} from '@mintcast/contracts';
import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
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

/** A pasted address as the rule of spec §5 reads it: trimmed, and an upper-case `0X` prefix taken as `0x`. */
export const normaliseAddressInput = (input: string): string => input.trim().replace(/^0X/, '0x');

/**
 * Step 1 of the wizard: validate the address (spec §5), ask the gateway, build the preview. Success is
 * toasted (spec §8); a failure is not: the wizard shows its reason ("Token not found on BSC", …) once, inline
 * under the field, instead of a toast that says something else beside it.
 */
export const lookupToken = async (input: string, deps: LookupDeps = {}): Promise<TokenLookupResult> => {
  const toast = deps.toast ?? notify;
  const address = normaliseAddressInput(input);
  if (!isTokenAddress(address)) return { status: 'invalid', message: i18n.t('token.invalidAddress') };
  try {
    const data = await (deps.fetchToken ?? fetchTokenData)(address);
    toast.success(i18n.t('token.lookupSuccess'));
    return { status: 'ok', preview: buildTokenPreview(address, data) };
  } catch (err) {
    const known = err instanceof ApiError && err.status !== 0;
    const message =
      known && err.code === TOKEN_ERROR_CODES.notFound
        ? i18n.t('token.notFound')
        : known && err.code === TOKEN_ERROR_CODES.notOnBsc
          ? i18n.t('token.notOnBsc')
          : known && err.code !== TOKEN_ERROR_CODES.unavailable
            ? err.message
            : i18n.t('token.unavailable');
    return { status: 'failed', message };
  }
};
