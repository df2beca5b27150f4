import { BSC_MAINNET, HOST_GRACE_DEFAULT_MS } from '@mintcast/contracts';
import type { AppConfig } from '../../src/env.ts';

/** Configuration for in-process test servers: quiet, no SPA unless asked, nothing on the network. */
export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  env: 'test',
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  publicOrigin: 'http://localhost:3000',
  allowedOrigins: ['http://localhost:3000'],
  marketDataUrl: 'http://127.0.0.1:9', // nothing listens there: tests that need market data start the stand-in
  livekit: {
    url: 'ws://127.0.0.1:9',
    apiKey: 'test-key',
    apiSecret: 'test-secret-0123456789abcdef0123456789',
  },
  logLevel: 'silent',
  webDist: '/nonexistent',
  marketRefreshIntervalMs: 0, // the refresh job has its own tests
  liveHostGraceMs: HOST_GRACE_DEFAULT_MS,
  trustProxy: false,
  // Nothing listens there: chain tests start anvil and point this at it.
  chain: {
    ...BSC_MAINNET,
    rpcUrl: 'http://127.0.0.1:9',
    publicRpcUrl: BSC_MAINNET.rpcUrl,
    tipConfirmations: 1,
  },
  adminAddresses: [],
  liveReconcileIntervalMs: 0, // nothing listens at the media URL above; the reconciliation has its own tests
  ...overrides,
});
