import { afterEach, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { withoutDefaultStun } from './no-default-stun.ts';

const pcs: RTCPeerConnection[] = [];
afterEach(async () => {
  for (const pc of pcs.splice(0)) await pc.close();
});

/** A PC about to gather, as the SFU's transports are between createOffer and setLocalDescription. */
const offering = async (iceServers: { urls: string }[]) => {
  const pc = new RTCPeerConnection({ iceServers, iceUseIpv6: false });
  pcs.push(pc);
  pc.createDataChannel('_reliable');
  await pc.createOffer();
  return pc;
};

describe('withoutDefaultStun', () => {
  it("stops werift from asking Google's STUN server when none is configured", async () => {
    const pc = await offering([]);
    // werift's own default, which made every offer wait for stun.l.google.com.
    expect(pc.iceTransports[0]?.connection.stunServer).toEqual(['stun.l.google.com', 19302]);
    withoutDefaultStun(pc, []);
    expect(pc.iceTransports.map((t) => t.connection.stunServer)).toEqual([undefined]);
    await pc.setLocalDescription(await pc.createOffer());
    expect(pc.localDescription?.sdp).not.toContain('typ srflx');
  });

  it('keeps a configured STUN server', async () => {
    const pc = await offering([{ urls: 'stun:127.0.0.1:3478' }]);
    withoutDefaultStun(pc, [{ urls: ['stun:127.0.0.1:3478'] }]);
    expect(pc.iceTransports[0]?.connection.stunServer).toEqual(['127.0.0.1', 3478]);
  });
});
