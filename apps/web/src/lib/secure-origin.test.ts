import { describe, expect, it } from 'vitest';
import { broadcastNeedsHttps } from './secure-origin.ts';

describe('broadcastNeedsHttps', () => {
  it('follows the browser when it says whether the page is a secure context', () => {
    expect(broadcastNeedsHttps({ protocol: 'http:', hostname: '192.168.1.20', isSecureContext: false })).toBe(
      true,
    );
    // e.g. a browser started with --unsafely-treat-insecure-origin-as-secure for this origin
    expect(broadcastNeedsHttps({ protocol: 'http:', hostname: '192.168.1.20', isSecureContext: true })).toBe(
      false,
    );
    expect(
      broadcastNeedsHttps({ protocol: 'https:', hostname: 'watch.example.org', isSecureContext: true }),
    ).toBe(false);
  });

  it('without a verdict: plain http on a LAN or public address needs https, localhost and https do not', () => {
    for (const hostname of ['192.168.1.20', '10.0.0.5', 'mintcast.lan', 'watch.example.org'])
      expect(broadcastNeedsHttps({ protocol: 'http:', hostname })).toBe(true);
    for (const hostname of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])
      expect(broadcastNeedsHttps({ protocol: 'http:', hostname })).toBe(false);
    expect(broadcastNeedsHttps({ protocol: 'https:', hostname: '192.168.1.20' })).toBe(false);
  });
});
