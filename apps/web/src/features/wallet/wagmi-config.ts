import { bsc } from 'viem/chains';
import { createConfig, createStorage, http, injected } from 'wagmi';

/**
 * BNB Smart Chain only (id 56, BNB with 18 decimals, from viem's chain list). Injected wallets are found
 * through EIP-6963 (wagmi's multi-injected provider discovery); the generic `injected()` connector is the
 * window.ethereum fallback for wallets that do not announce themselves.
 */
export const wagmiConfig = createConfig({
  chains: [bsc],
  connectors: [injected({ shimDisconnect: true })],
  multiInjectedProviderDiscovery: true,
  storage: createStorage({ storage: window.localStorage, key: 'mintcast-wagmi' }),
  transports: { [bsc.id]: http() },
});

export const FALLBACK_CONNECTOR_ID = 'injected';
