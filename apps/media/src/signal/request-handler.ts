import {
  DisconnectReason,
  Pong,
  RequestResponse,
  RequestResponse_Reason,
  type SignalRequest,
  SignalTarget,
} from '@livekit/protocol';
import type { Participant } from '../room/participant.ts';
import type { Room } from '../room/room.ts';
import { parseCandidate } from '../rtc/trickle.ts';

/** One client-to-server signal message. Unknown or unneeded cases are ignored, like Go does. */
export async function handleRequest(p: Participant, room: Room, req: SignalRequest): Promise<void> {
  if (p.closed) return;
  const msg = req.message;
  switch (msg.case) {
    case 'offer':
      await p.publisher?.handleOffer(msg.value.sdp, msg.value.id);
      return;
    case 'answer':
      await p.subscriber?.handleAnswer(msg.value.sdp, msg.value.id);
      return;
    case 'syncState': {
      // Sent after a resume; only a subscriber answer lost with the old socket needs acting on.
      const { offer, answer } = msg.value;
      if (offer?.type === 'offer' && answer?.type === 'answer') {
        await p.subscriber?.recoverAnswer(offer.sdp, answer.sdp);
      }
      return;
    }
    case 'trickle': {
      const c = parseCandidate(msg.value.candidateInit);
      if (!c) return;
      if (msg.value.target === SignalTarget.SUBSCRIBER) await p.subscriber?.addCandidate(c);
      else await p.publisher?.addCandidate(c);
      return;
    }
    case 'addTrack':
      room.media.addTrack(p, msg.value);
      return;
    case 'mute':
      room.media.setMuted(p, msg.value.sid, msg.value.muted);
      return;
    case 'trackSetting':
      room.media.updateTrackSettings(p, msg.value);
      return;
    case 'subscription': {
      const sids = new Set([
        ...msg.value.trackSids,
        ...msg.value.participantTracks.flatMap((t) => t.trackSids),
      ]);
      for (const sid of sids) {
        if (!msg.value.subscribe) {
          room.media.unsubscribe(p, sid);
          continue;
        }
        for (const pub of room.participants.values()) {
          const track = pub.tracks.get(sid);
          if (track && pub !== p) room.media.subscribe(p, pub, track);
        }
      }
      return;
    }
    case 'leave':
      room.remove(p, DisconnectReason.CLIENT_INITIATED);
      return;
    case 'ping':
      p.send({ case: 'pong', value: BigInt(Date.now()) });
      return;
    case 'pingReq':
      p.send({
        case: 'pongResp',
        value: new Pong({ lastPingTimestamp: msg.value.timestamp, timestamp: BigInt(Date.now()) }),
      });
      return;
    case 'updateMetadata': {
      const u = msg.value;
      if (!p.permission.canUpdateMetadata) {
        p.send({
          case: 'requestResponse',
          value: new RequestResponse({
            requestId: u.requestId,
            reason: RequestResponse_Reason.NOT_ALLOWED,
            message: 'does not have permission to update own metadata',
          }),
        });
        return;
      }
      if (u.metadata) p.metadata = u.metadata;
      if (u.name) p.name = u.name;
      for (const [k, v] of Object.entries(u.attributes)) {
        if (v === '') delete p.attributes[k];
        else p.attributes[k] = v;
      }
      p.touch();
      room.broadcast(p, true);
      p.send({
        case: 'requestResponse',
        value: new RequestResponse({ requestId: u.requestId, reason: RequestResponse_Reason.OK }),
      });
      return;
    }
    default:
      return;
  }
}
