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
export const H264_PT = 102;
export const H264_RTX_PT = 103;

/** Constrained Baseline, what OBS's WHIP output and browsers send; viewers' decoders take any profile. */
const H264_FMTP = 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f';
const videoFeedback = () => [useNACK(), usePLI(), useFIR(), useREMB()];

const h264 = (payloadType: number, profileLevelId: string) =>
  new RTCRtpCodecParameters({
    mimeType: 'video/H264',
    clockRate: 90_000,
    payloadType,
    rtcpFeedback: videoFeedback(),
    parameters: `level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=${profileLevelId}`,
  });

const opus = () =>
  new RTCRtpCodecParameters({
    mimeType: 'audio/opus',
    clockRate: 48_000,
    channels: 2,
    payloadType: OPUS_PT,
    parameters: 'minptime=10;useinbandfec=1',
  });

function codecs(opts: { rtx?: boolean; h264?: boolean } = {}) {
  return {
    // Only VP8 and plain Opus from livekit-client: it then never publishes RED or another video codec, and
    // every subscriber can take what a publisher sends without transcoding. H.264 is offered to subscribers
    // (per track, see SubscriberTransport.addTrack) for what WHIP publishers send.
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90_000,
        payloadType: VP8_PT,
        rtcpFeedback: videoFeedback(),
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
      ...(opts.h264
        ? [
            new RTCRtpCodecParameters({
              mimeType: 'video/H264',
              clockRate: 90_000,
              payloadType: H264_PT,
              rtcpFeedback: videoFeedback(),
              parameters: H264_FMTP,
            }),
            ...(opts.rtx
              ? [
                  new RTCRtpCodecParameters({
                    mimeType: 'video/rtx',
                    clockRate: 90_000,
                    payloadType: H264_RTX_PT,
                    parameters: `apt=${H264_PT}`,
                  }),
                ]
              : []),
          ]
        : []),
    ],
    audio: [opus()],
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

/**
 * A WHIP publisher's PC (RFC 9725): H.264 (the profiles OBS and browsers send, packetization mode 1) and VP8,
 * Opus; one stream per m-section, no simulcast. Forwarded as received, never transcoded.
 */
export function whipPeerConfig(ctx: ServerContext): Partial<PeerConfig> {
  return {
    ...iceOptions(ctx),
    codecs: {
      video: [
        h264(H264_PT, '42e01f'),
        h264(104, '42001f'),
        h264(106, '4d001f'),
        h264(108, '640c1f'),
        h264(109, '64001f'),
        ...codecs().video,
      ],
      audio: [opus()],
    },
    headerExtensions: { video: [useSdesMid()], audio: [useSdesMid()] },
  };
}

/** Subscriber PC: one sendonly transceiver per forwarded track. */
export function subscriberPeerConfig(ctx: ServerContext): Partial<PeerConfig> {
  return {
    ...iceOptions(ctx),
    codecs: codecs({ rtx: true, h264: true }),
    headerExtensions: { video: [useSdesMid(), useAbsSendTime()], audio: [useSdesMid()] },
  };
}
