import type { RTCPeerConnection } from 'werift';
import type { IceServerConfig } from '../config.ts';

/**
 * werift asks Google's public STUN server (stun.l.google.com:19302) for a server-reflexive candidate whenever
 * no STUN server is configured, and `setLocalDescription` waits for that answer (up to 5 s) before our offer
 * or answer can go out. The SFU learns its public address from MEDIA_PUBLIC_IP or a configured STUN server
 * (decision 012): with none configured, nothing is asked of a third party and no signalling waits on it.
 * Call before `setLocalDescription`; transports that already gathered are left alone.
 */
export function withoutDefaultStun(pc: RTCPeerConnection, iceServers: IceServerConfig[]): void {
  if (iceServers.some((s) => s.urls.some((u) => u.startsWith('stun:') || u.startsWith('stuns:')))) return;
  for (const t of pc.iceTransports) {
    if (t.gatheringState === 'new') t.connection.stunServer = undefined;
  }
}
