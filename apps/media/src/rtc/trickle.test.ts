import { describe, expect, it } from 'vitest';
import { isMdnsCandidate, parseCandidate } from './trickle.ts';

const init = (candidate: string) => JSON.stringify({ candidate, sdpMid: '0', sdpMLineIndex: 0 });

describe('client candidates', () => {
  it('skips mDNS-named host candidates (werift would hold signalling 10 s resolving them)', () => {
    const mdns =
      'candidate:1 1 udp 2122260223 7d8a9f3e-1b2c-4d5e-8f90-a1b2c3d4e5f6.local 54321 typ host generation 0';
    expect(isMdnsCandidate(mdns)).toBe(true);
    expect(parseCandidate(init(mdns))).toBeUndefined();
  });

  it('keeps address candidates and skips end-of-candidates and junk', () => {
    const host = 'candidate:2 1 udp 2122260223 10.200.0.2 54321 typ host generation 0';
    const srflx = 'candidate:3 1 udp 1686052607 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0';
    expect(parseCandidate(init(host))).toEqual({ candidate: host, sdpMid: '0', sdpMLineIndex: 0 });
    expect(parseCandidate(init(srflx))?.candidate).toBe(srflx);
    expect(parseCandidate(init(''))).toBeUndefined();
    expect(parseCandidate('not json')).toBeUndefined();
  });
});
