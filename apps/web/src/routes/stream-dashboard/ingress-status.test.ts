import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en/index.ts';
import { ingressStatusMessage } from './ingress-status.ts';

describe('ingressStatusMessage', () => {
  it('names each LiveKit Ingress status with a line of the catalog', () => {
    for (const status of ['inactive', 'buffering', 'publishing', 'complete'] as const) {
      const { key } = ingressStatusMessage({ status, error: null });
      expect(key).toBe(`start.dashboard.ingress.${status}`);
      expect(en.start.dashboard.ingress[status]).toBeTruthy();
    }
  });
  it('carries LiveKit’s error text, or says there was an error when LiveKit gave none', () => {
    expect(ingressStatusMessage({ status: 'error', error: 'unsupported codec' })).toEqual({
      key: 'start.dashboard.ingress.error',
      error: 'unsupported codec',
    });
    expect(ingressStatusMessage({ status: 'error', error: null })).toEqual({
      key: 'start.dashboard.ingress.errorUnknown',
    });
  });
});
