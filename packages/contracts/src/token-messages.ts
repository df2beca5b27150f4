import { MARKET_DATA_SERVICE_NAME } from './constants.ts';

// Zod-free on purpose: the web's English catalogue uses these at start-up, and importing them from tokens.ts
// would build every schema of that module there (decision 017).

/** Error codes of the gateway, so clients can pick the right inline message. */
export const TOKEN_ERROR_CODES = {
  notFound: 'token_not_found',
  notOnBsc: 'token_not_on_bsc',
  upstreamHttp: 'upstream_http_error',
  unavailable: 'market_unavailable',
} as const;

/** User-facing texts of spec §5 and §8 for market data. */
export const TOKEN_MESSAGES = {
  notFound: `Token not found on ${MARKET_DATA_SERVICE_NAME}`,
  notOnBsc: 'Token not found on BSC',
  httpError: 'HTTP error',
  unavailable: 'Unable to load market data',
  loadFailed: 'Failed to load trading data',
  noPairs: 'No trading pairs found for this token',
  noData: 'No trading data available',
  lookupSuccess: 'Token data loaded successfully!',
  lookupFailed: 'Failed to fetch token data. Please check the token address.',
  copied: 'Contract address copied to clipboard',
  copyFailed: 'Failed to copy to clipboard',
} as const;
