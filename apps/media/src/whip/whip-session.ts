import { randomBytes } from 'node:crypto';
import { DisconnectReason } from '@livekit/protocol';
import type { JoinGrant } from '../auth.ts';
import { Participant } from '../room/participant.ts';
import { permissionFromGrant } from '../room/permissions.ts';
import type { Room } from '../room/room.ts';
import { whipPeerConfig } from '../rtc/peer-config.ts';
import { PublisherTransport } from '../rtc/publisher-transport.ts';
import type { SdpSection } from '../rtc/sdp-sections.ts';
import { WhipLivenessTracker } from './whip-liveness.ts';

/** How long the answer waits for our ICE candidates; host candidates take milliseconds. */
const GATHER_TIMEOUT_MS = 5_000;

/** A WHIP publisher has no signal socket: nothing is sent to it but the HTTP answers. */
const NO_SIGNAL = { send: () => undefined, close: () => undefined };

/**
 * One WHIP ingest (RFC 9725): a participant with the token's identity and metadata whose only transport is
 * the publisher PC the offer set up. It is a participant like a browser host, so viewers, webhooks and the
 * API's live state see no difference. It becomes active (participant_joined) when its first packet arrives,
 * and leaves on DELETE, when its connection fails, or when `liveness` says its media never came or stopped
 * (the endpoint looks).
 */
export class WhipSession {
  /** The resource URL's last segment: unguessable, though every request also needs the room's token. */
  readonly id = randomBytes(16).toString('hex');
  readonly participant: Participant;
  readonly liveness: WhipLivenessTracker;
  private sections: SdpSection[] = [];

  constructor(
    readonly room: Room,
    readonly grant: JoinGrant,
    private readonly onEnded: (session: WhipSession) => void,
  ) {
    this.liveness = new WhipLivenessTracker(room.services.ctx.whip);
    this.participant = new Participant(
      {
        identity: grant.identity,
        name: grant.claims.name ?? '',
        metadata: grant.claims.metadata ?? '',
        attributes: grant.claims.attributes ?? {},
        permission: permissionFromGrant(grant.video),
        autoSubscribe: false,
        apiKey: grant.apiKey,
      },
      NO_SIGNAL,
    );
  }

  /** Joins the room and answers `offer`; the answer carries every candidate (the server does not trickle). */
  async start(offer: string): Promise<string> {
    const p = this.participant;
    const { ctx } = this.room.services;
    let answered = false;
    const transport = new PublisherTransport(
      ctx,
      {
        sendAnswer: () => {
          answered = true;
        },
        sendTrickle: () => undefined,
        onOffer: (sections) => {
          this.sections = sections;
        },
        onDataChannel: () => undefined,
        onFailed: () => this.end(DisconnectReason.CONNECTION_TIMEOUT),
      },
      whipPeerConfig(ctx),
    );
    p.publisher = transport;
    const pc = transport.pc;
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'closed') this.end(DisconnectReason.CONNECTION_TIMEOUT);
    });
    // Live when media arrives, not when the offer does; every packet also counts as a sign of life.
    pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.once(() => this.room.activate(p));
      track.onReceiveRtp.subscribe(() => this.liveness.packet());
    });
    this.room.add(p);
    this.room.announce(p);
    try {
      await transport.handleOffer(offer, 0);
      if (!answered) throw new Error('no answer');
      this.room.media.publishIngest(p, this.sections, pc.getTransceivers());
      await gathered(pc);
    } catch (err) {
      this.end(DisconnectReason.JOIN_FAILURE);
      throw err;
    }
    return pc.localDescription?.sdp ?? '';
  }

  /** Candidates the publisher trickles (PATCH with an SDP fragment). */
  async addCandidates(candidates: { candidate: string; sdpMid?: string }[]): Promise<void> {
    for (const c of candidates) await this.participant.publisher?.addCandidate(c);
  }

  end(reason: DisconnectReason = DisconnectReason.CLIENT_INITIATED): void {
    if (this.participant.closed) return;
    this.room.remove(this.participant, reason);
    this.onEnded(this);
  }
}

function gathered(pc: PublisherTransport['pc']): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
}
