import type { TIngestHealth } from '@mintcast/contracts';

type IngressState = NonNullable<TIngestHealth['ingress']>;

/**
 * The dashboard's line about a LiveKit Ingress: the i18n key under `start.dashboard.ingress` for its status,
 * with LiveKit's error text when it failed (a generic line when LiveKit gave none).
 */
export const ingressStatusMessage = (
  ingress: IngressState,
): { key: `start.dashboard.ingress.${IngressState['status'] | 'errorUnknown'}`; error?: string } => {
  if (ingress.status !== 'error') return { key: `start.dashboard.ingress.${ingress.status}` };
  return ingress.error
    ? { key: 'start.dashboard.ingress.error', error: ingress.error }
    : { key: 'start.dashboard.ingress.errorUnknown' };
};
