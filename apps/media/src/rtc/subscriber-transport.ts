import { type RTCDataChannel, RTCPeerConnection, type RTCRtpTransceiver } from 'werift';
import type { IceServerConfig, ServerContext } from '../config.ts';
import { keepEarlyDtls } from './early-dtls.ts';
import { withoutDefaultStun } from './no-default-stun.ts';
import { subscriberPeerConfig } from './peer-config.ts';
import { parseSections } from './sdp-sections.ts';
import { candidateJson } from './trickle.ts';

/** Batches track additions that happen in the same moment into one renegotiation. */
const NEGOTIATE_DEBOUNCE_MS = 10;

export interface SubscriberHandlers {
  sendOffer(sdp: string, id: number): void;
  sendTrickle(candidateInit: string): void;
  /** DTLS is up: media can be sent (the PC reports connected only after the data channels' SCTP too). */
  onMediaReady(): void;
  onConnected(): void;
  onFailed(): void;
}

/**
 * The client's subscriber PC: we offer (one sendonly transceiver per forwarded track, plus the
 * `_reliable`/`_lossy` data channels so the first offer has an m-line), the client answers.
 * Only one offer is in flight; changes made meanwhile trigger one more round afterwards.
 */
export class SubscriberTransport {
  readonly pc: RTCPeerConnection;
  private offerId = 0;
  private inFlight?: number;
  private pending = false;
  private debounce?: NodeJS.Timeout;
  private closed = false;
  private connected = false;
  private readonly channels = new Map<string, RTCDataChannel>();
  private readonly onEarlyDtls: (count: number) => void;
  private readonly iceServers: IceServerConfig[];

  constructor(
    ctx: ServerContext,
    private readonly handlers: SubscriberHandlers,
  ) {
    this.pc = new RTCPeerConnection(subscriberPeerConfig(ctx));
    this.onEarlyDtls = ctx.onEarlyDtls;
    this.iceServers = ctx.iceServers;
    this.pc.onIceCandidate.subscribe((c) => {
      if (c?.candidate) handlers.sendTrickle(candidateJson(c));
    });
    this.pc.connectionStateChange.subscribe((s) => {
      if (this.closed) return;
      if (s === 'connected' && !this.connected) {
        this.connected = true;
        handlers.onConnected();
      }
      if (s === 'failed') handlers.onFailed();
    });
  }

  start(): void {
    this.channels.set('_reliable', this.pc.createDataChannel('_reliable', { ordered: true }));
    this.channels.set('_lossy', this.pc.createDataChannel('_lossy', { ordered: false, maxRetransmits: 0 }));
    this.negotiate();
  }

  /** Sends a relayed data packet on the channel with that label, once it is open. */
  sendData(label: string, data: Buffer): void {
    const channel = this.channels.get(label) ?? this.channels.get('_reliable');
    if (channel?.readyState === 'open') channel.send(data);
  }

  /** Adds a sendonly transceiver for a track of codec `mimeType`, whose msid is `PA_x|TR_y TR_y`, as livekit-client expects. */
  addTrack(
    kind: 'audio' | 'video',
    participantSid: string,
    trackSid: string,
    mimeType = kind === 'video' ? 'video/VP8' : 'audio/opus',
  ): RTCRtpTransceiver {
    const t = this.pc.addTransceiver(kind, { direction: 'sendonly' });
    // Only the codec the publisher sends (and its RTX): forwarded packets are never transcoded.
    const codec = this.pc
      .getConfiguration()
      .codecs[kind]?.find((c) => c.mimeType.toLowerCase() === mimeType.toLowerCase());
    if (codec) t.setCodecPreferences([codec]);
    t.sender.streamId = `${participantSid}|${trackSid}`;
    // werift takes the msid track id from sender.trackId (readonly in its typings only).
    (t.sender as { trackId: string }).trackId = trackSid;
    this.negotiate();
    return t;
  }

  removeTrack(t: RTCRtpTransceiver): void {
    if (this.closed) return;
    try {
      this.pc.removeTrack(t.sender);
    } catch {
      // already removed
    }
    this.negotiate();
  }

  /** Sends the offer now instead of after the debounce (the first one, once the room's tracks were added). */
  offerNow(): void {
    if (this.closed || this.inFlight !== undefined) return;
    clearTimeout(this.debounce);
    void this.sendOffer();
  }

  negotiate(): void {
    if (this.closed) return;
    if (this.inFlight !== undefined) {
      this.pending = true;
      return;
    }
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.sendOffer(), NEGOTIATE_DEBOUNCE_MS);
  }

  async handleAnswer(sdp: string, id: number): Promise<void> {
    // Clients that predate offer ids (the Rust SDK behind @livekit/rtc-node) answer with id 0.
    if (this.closed || this.inFlight === undefined || (id !== 0 && id !== this.inFlight)) return;
    // werift accepts any text as an answer and is left unable to negotiate again: check it answers our offer.
    const offer = this.pc.localDescription?.sdp ?? '';
    if (!answers(offer, sdp)) throw new Error('subscriber answer does not match the offer; ignored');
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.inFlight = undefined;
    if (this.pending) {
      this.pending = false;
      this.negotiate();
    }
  }

  /**
   * After a resume the client's SyncState carries the subscriber offer it last applied and its answer. If that
   * offer is the one still waiting here, the answer was lost with the old socket: it is applied now, or every
   * later renegotiation (a new track) would wait forever.
   */
  async recoverAnswer(offerSdp: string, answerSdp: string): Promise<void> {
    const local = this.pc.localDescription?.sdp;
    if (this.inFlight === undefined || !local || offerShape(offerSdp) !== offerShape(local)) return;
    await this.handleAnswer(answerSdp, this.inFlight);
  }

  async addCandidate(init: unknown): Promise<void> {
    await this.pc
      .addIceCandidate(init as Parameters<RTCPeerConnection['addIceCandidate']>[0])
      .catch(() => undefined);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.debounce);
    this.pc.close().catch(() => undefined);
  }

  private readonly watchedDtls = new WeakSet<object>();

  private watchMediaReady(): void {
    for (const dtls of this.pc.dtlsTransports) {
      if (this.watchedDtls.has(dtls)) continue;
      this.watchedDtls.add(dtls);
      dtls.onStateChange.subscribe((state) => {
        if (state === 'connected' && !this.closed) this.handlers.onMediaReady();
      });
    }
  }

  private async sendOffer(): Promise<void> {
    if (this.closed || this.inFlight !== undefined) return;
    const id = ++this.offerId;
    this.inFlight = id;
    const offer = await this.pc.createOffer();
    withoutDefaultStun(this.pc, this.iceServers);
    await this.pc.setLocalDescription(offer);
    keepEarlyDtls(this.pc, this.onEarlyDtls);
    this.watchMediaReady();
    const local = this.pc.localDescription;
    if (local && !this.closed) this.handlers.sendOffer(local.sdp, id);
  }
}

/**
 * What tells one of our offers from the next: its m-sections (mid, direction, track). werift keeps the origin
 * line's session version at 0, and the browser re-serializes what it was given, so the text cannot be compared.
 */
const offerShape = (sdp: string): string =>
  parseSections(sdp)
    .map((m) => `${m.mid}:${m.direction}:${m.msidTrack ?? ''}`)
    .join('|');

/** True when `answer` has the offer's m-sections, in order (what an answer to that offer must have). */
const answers = (offer: string, answer: string): boolean => {
  const mids = (sdp: string) => parseSections(sdp).map((m) => m.mid);
  const o = mids(offer);
  const a = mids(answer);
  return a.length === o.length && a.length > 0 && a.every((mid, i) => mid === o[i]);
};
