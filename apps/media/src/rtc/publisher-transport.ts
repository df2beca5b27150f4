import {
  type PeerConfig,
  ReceiverEstimatedMaxBitrate,
  type RTCDataChannel,
  RTCPeerConnection,
  type RTCRtpTransceiver,
  RtcpPayloadSpecificFeedback,
} from 'werift';
import type { IceServerConfig, ServerContext } from '../config.ts';
import { keepEarlyDtls } from './early-dtls.ts';
import { withoutDefaultStun } from './no-default-stun.ts';
import { publisherPeerConfig } from './peer-config.ts';
import { enlargeReceiveBuffers, PUBLISHER_RECEIVE_BUFFER } from './receive-buffer.ts';
import { parseSections, type SdpSection } from './sdp-sections.ts';
import { candidateJson } from './trickle.ts';

/**
 * Without congestion-control feedback Chrome ramps its send rate slowly and never enables the
 * top simulcast layer; a fixed REMB cap every 500 ms lets all layers reach their targets.
 */
const REMB_BITRATE = 6_000_000;
const REMB_INTERVAL_MS = 500;

export interface PublisherHandlers {
  sendAnswer(sdp: string, id: number): void;
  sendTrickle(candidateInit: string): void;
  /** Called with the offer's m-sections after it was applied and before answering. */
  onOffer(sections: SdpSection[], transceivers: RTCRtpTransceiver[]): void;
  onFailed(): void;
  onDataChannel(channel: RTCDataChannel): void;
}

/** The client's publisher PC: the client offers, we answer (echoing the offer id). */
export class PublisherTransport {
  readonly pc: RTCPeerConnection;
  private queue: Promise<void> = Promise.resolve();
  private readonly rembTimer: NodeJS.Timeout;
  private closed = false;
  private readonly onEarlyDtls: (count: number) => void;
  private readonly iceServers: IceServerConfig[];

  constructor(
    ctx: ServerContext,
    private readonly handlers: PublisherHandlers,
    /** The codecs and extensions this PC takes; livekit-client's publisher by default (WHIP has its own). */
    config: Partial<PeerConfig> = publisherPeerConfig(ctx),
  ) {
    this.pc = new RTCPeerConnection(config);
    this.onEarlyDtls = ctx.onEarlyDtls;
    this.iceServers = ctx.iceServers;
    this.pc.onIceCandidate.subscribe((c) => {
      if (c?.candidate) handlers.sendTrickle(candidateJson(c));
    });
    // Data channels the client opens here (_reliable, _lossy) carry its data packets.
    this.pc.onDataChannel.subscribe((channel) => handlers.onDataChannel(channel));
    this.pc.connectionStateChange.subscribe((s) => {
      if (s === 'connected') enlargeReceiveBuffers(this.pc, PUBLISHER_RECEIVE_BUFFER);
      if (s === 'failed' && !this.closed) handlers.onFailed();
    });
    this.rembTimer = setInterval(() => this.sendRemb(), REMB_INTERVAL_MS);
    this.rembTimer.unref();
  }

  handleOffer(sdp: string, id: number): Promise<void> {
    const run = async () => {
      if (this.closed) return;
      const sections = parseSections(sdp);
      // werift answers any text; an offer with no media section is not one (the caller logs the refusal).
      if (sections.length === 0) throw new Error('publisher offer has no media sections; ignored');
      await this.pc.setRemoteDescription({ type: 'offer', sdp });
      this.handlers.onOffer(sections, this.pc.getTransceivers());
      const answer = await this.pc.createAnswer();
      withoutDefaultStun(this.pc, this.iceServers);
      await this.pc.setLocalDescription({ type: 'answer', sdp: dtlsServerAnswer(sdp, answer.sdp) });
      keepEarlyDtls(this.pc, this.onEarlyDtls);
      const local = this.pc.localDescription;
      if (local && !this.closed) this.handlers.sendAnswer(local.sdp, id);
    };
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  async addCandidate(init: unknown): Promise<void> {
    await this.pc
      .addIceCandidate(init as Parameters<RTCPeerConnection['addIceCandidate']>[0])
      .catch(() => undefined);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.rembTimer);
    this.pc.close().catch(() => undefined);
  }

  private sendRemb(): void {
    const ssrcs: number[] = [];
    let senderSsrc = 0;
    for (const t of this.pc.getTransceivers()) {
      if (t.kind !== 'video') continue;
      senderSsrc = t.receiver.rtcpSsrc;
      for (const track of t.receiver.tracks) if (track.ssrc) ssrcs.push(track.ssrc);
    }
    const dtls = this.pc.dtlsTransports[0];
    if (ssrcs.length === 0 || !dtls || dtls.state !== 'connected') return;
    // werift's serialize() ignores `bitrate`; the exponent/mantissa pair is what goes out.
    let exp = 0;
    let mantissa = REMB_BITRATE;
    while (mantissa > 0x3ffff) {
      mantissa >>= 1;
      exp++;
    }
    const remb = new ReceiverEstimatedMaxBitrate({
      senderSsrc,
      mediaSsrc: 0,
      brExp: exp,
      brMantissa: mantissa,
      ssrcNum: ssrcs.length,
      ssrcFeedbacks: ssrcs,
    });
    dtls.sendRtcp([new RtcpPayloadSpecificFeedback({ feedback: remb })]).catch(() => undefined);
  }
}

/**
 * werift answers an `actpass` offer with `setup:active`, which makes it the DTLS client, and its client
 * sleeps 100 ms before its first ClientHello. Answering `passive` makes the publisher (a browser, OBS, the
 * Rust SDK) the client instead: it sends its ClientHello as soon as ICE is up, and rtc/early-dtls.ts keeps
 * it if it comes before werift's DTLS has started. An offer that is not `actpass` keeps werift's answer.
 */
export function dtlsServerAnswer(offer: string, answer: string): string {
  if (!/^a=setup:actpass\r?$/m.test(offer)) return answer;
  return answer.replace(/^a=setup:active(\r?)$/gm, 'a=setup:passive$1');
}
