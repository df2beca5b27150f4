import { DataPacket } from '@livekit/protocol';
import type { RTCDataChannel } from 'werift';
import type { Participant } from './participant.ts';
import type { Room } from './room.ts';

/**
 * Relays livekit-client data packets (chat, RPC, data streams) that arrive on a publisher's
 * `_reliable`/`_lossy` channel to the others' subscriber channel of the same label. The sender
 * is stamped by the server, and participants without canPublishData are not relayed.
 */
export function relayDataChannel(room: Room, from: Participant, channel: RTCDataChannel): void {
  channel.onMessage.subscribe((data) => {
    if (from.closed || !from.permission.canPublishData || typeof data === 'string') return;
    let packet: DataPacket;
    try {
      packet = DataPacket.fromBinary(new Uint8Array(data));
    } catch {
      return;
    }
    packet.participantIdentity = from.identity;
    packet.participantSid = from.sid;
    if (packet.value.case === 'user') packet.value.value.participantIdentity = from.identity;
    const to = new Set(packet.destinationIdentities);
    const bytes = Buffer.from(packet.toBinary());
    for (const p of room.participants.values()) {
      if (p === from || (to.size > 0 && !to.has(p.identity))) continue;
      p.subscriber?.sendData(channel.label, bytes);
    }
  });
}
