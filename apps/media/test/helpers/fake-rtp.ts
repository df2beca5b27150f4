/**
 * Stand-ins for what the forwarding classes read from werift: a connected sender that records what it
 * would send, simulcast layers, and VP8-shaped packets. For unit tests of DownTrack and PublishedTrack.
 */
import type { VideoQuality } from '@livekit/protocol';
import { Event, type RTCRtpTransceiver, type RtcpPacket, RtpHeader, RtpPacket } from 'werift';
import type { Layer } from '../../src/rtc/layer.ts';

/** A connected sender as RtpWriter sees it; records what would be encrypted and sent. */
export function fakeTransceiver(sent: RtpPacket[]): RTCRtpTransceiver {
  const sender = {
    ssrc: 5,
    codec: { payloadType: 96 },
    stopped: false,
    headerExtensions: [],
    rtpCache: [],
    packetCount: 0,
    octetCount: 0,
    rtcpRunning: true,
    runRtcp: () => Promise.resolve(),
    onRtcp: new Event<[RtcpPacket]>(),
    onPictureLossIndication: new Event<[]>(),
    dtlsTransport: {
      state: 'connected',
      bytesSent: 0,
      packetsSent: 0,
      srtp: {
        // Not the GCM profile: the writer hands werift's encrypt a header object, recorded here.
        localContext: { profile: 1 },
        encrypt: (payload: Buffer, header: RtpHeader) => {
          sent.push(new RtpPacket(header, payload));
          return Buffer.alloc(0);
        },
      },
      iceTransport: { connection: { send: () => Promise.resolve(), canSendApplicationData: () => true } },
    },
  };
  return { sender } as unknown as RTCRtpTransceiver;
}

export const layer = (rid: string, quality: VideoQuality): Layer => ({
  rid,
  quality,
  track: {} as Layer['track'],
  lastPacketAt: 0,
  packets: 1,
  expected: 0,
  received: 0,
});

export function packet(
  seq: number,
  ts: number,
  pictureId: number,
  key: boolean,
  start = true,
  ssrc = 1,
): RtpPacket {
  const payload = Buffer.from([
    0x80 | (start ? 0x10 : 0),
    0x80,
    0x80 | (pictureId >> 8),
    pictureId & 0xff,
    key ? 0x10 : 0x11,
    0,
  ]);
  const header = new RtpHeader({
    sequenceNumber: seq,
    timestamp: ts,
    payloadType: 100,
    ssrc,
    extensions: [{ id: 2, payload: Buffer.from([1, 2, 3]) }],
  });
  return new RtpPacket(header, payload);
}
