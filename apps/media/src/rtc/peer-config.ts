import {
  type PeerConfig,
  RTCRtpCodecParameters,
  useAbsSendTime,
  useFIR,
  useNACK,
  usePLI,
  useREMB,
  useRepairedRtpStreamId,
  useSdesMid,
  useSdesRTPStreamId,
} from 'werift';
import type { ServerContext } from '../config.ts';
import { hostAddresses } from './host-addresses.ts';

export const VP8_PT = 96;
export const OPUS_PT = 111;
export const RTX_PT = 97;

function codecs(opts: { rtx?: boolean } = {}) {
  return {
    // Only VP8 and plain Opus: the client then never publishes RED or another video codec,
    // and every subscriber can take what a publisher sends without transcoding.
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90_000,
        payloadType: VP8_PT,
        rtcpFeedback: [useNACK(), usePLI(), useFIR(), useREMB()],
      }),
      // Towards subscribers, retransmissions answering a NACK go on their own RTX stream (RFC 4588), as
      // browsers prefer; a subscriber that does not take RTX gets them on the media SSRC.
      ...(opts.rtx
        ? [
            new RTCRtpCodecParameters({
              mimeType: 'video/rtx',
              clockRate: 90_000,
              payloadType: RTX_PT,
              parameters: `apt=${VP8_PT}`,
            }),
          ]
        : []),
    ],
    audio: [
      new RTCRtpCodecParameters({
        mimeType: 'audio/opus',
        clockRate: 48_000,
        channels: 2,
        payloadType: OPUS_PT,
        parameters: 'minptime=10;useinbandfec=1',
      }),
    ],
  };
}

function iceOptions(ctx: ServerContext): Partial<PeerConfig> {
  const addresses = hostAddresses();
  return {
    // werift's default includes a public STUN server; only use what was configured.
    iceServers: ctx.iceServers.map((s) => ({
      urls: s.urls,
      username: s.username,
      credential: s.credential,
    })) as PeerConfig['iceServers'],
    icePortRange: ctx.udpPortRange ? [ctx.udpPortRange.min, ctx.udpPortRange.max] : undefined,
    // Read per connection: interfaces that appear later (a namespace, a VPN) are offered to the next viewer.
    iceAdditionalHostAddresses: ctx.publicIp ? [ctx.publicIp, ...addresses] : addresses,
    iceUseIpv6: false,
    // ICE-TCP (RFC 6544, decision 012): a passive TCP candidate on the same addresses and port range, for
    // viewers and hosts whose network drops UDP. Browsers rank it below every UDP pair.
    iceUseTcp: true,
  };
}

/** Publisher PC: receives simulcast (needs mid + rid extensions) and never sends. */
export function publisherPeerConfig(ctx: ServerContext): Partial<PeerConfig> {
  return {
    ...iceOptions(ctx),
    codecs: codecs(),
    headerExtensions: {
      video: [useSdesMid(), useSdesRTPStreamId(), useRepairedRtpStreamId()],
      audio: [useSdesMid()],
    },
  };
}

/** Subscriber PC: one sendonly transceiver per forwarded track. */
export function subscriberPeerConfig(ctx: ServerContext): Partial<PeerConfig> {
  return {
    ...iceOptions(ctx),
    codecs: codecs({ rtx: true }),
    headerExtensions: { video: [useSdesMid(), useAbsSendTime()], audio: [useSdesMid()] },
  };
}
