import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type RTCRtpTransceiver, RTP_EXTENSION_URI, RtpHeader, RtpPacket, type SrtpSession } from 'werift';
import { srtpPair } from '../../test/helpers/srtp-pair.ts';
import type { PacketLane } from './packet-lane.ts';
import { RtpWriter } from './rtp-writer.ts';

const MID = RTP_EXTENSION_URI.sdesMid;
const ABS = RTP_EXTENSION_URI.absSendTime;

const connectedSender = (srtp: SrtpSession, wire: Buffer[]) => ({
  sender: {
    ssrc: 0x11223344,
    codec: { payloadType: 96 },
    stopped: false,
    mid: '1',
    headerExtensions: [
      { uri: ABS, id: 3 },
      { uri: MID, id: 1 },
    ],
    rtpCache: [] as RtpPacket[],
    packetCount: 0,
    octetCount: 0,
    rtcpRunning: true,
    runRtcp: () => Promise.resolve(),
    dtlsTransport: {
      state: 'connected',
      bytesSent: 0,
      packetsSent: 0,
      srtp,
      iceTransport: {
        connection: {
          canSendApplicationData: () => true, // no nominated pair here: the writer falls back to send()
          send: (b: Buffer) => {
            wire.push(b);
            return Promise.resolve();
          },
        },
      },
    },
  },
});

describe('RtpWriter', () => {
  it('writes SRTP that werift decrypts, identical to werift’s own encryption, across a sequence wrap', () => {
    const { sender, receiver, reference } = srtpPair();
    const wire: Buffer[] = [];
    const t = connectedSender(sender, wire);
    const writer = new RtpWriter(t as unknown as RTCRtpTransceiver);
    const seqs = [65_533, 65_534, 65_535, 0, 1, 2];
    const payloads = seqs.map(() => randomBytes(1_000));
    seqs.forEach((seq, i) => {
      expect(writer.write(i === seqs.length - 1, seq, 9_000 * i, payloads[i] as Buffer)).toBe(true);
    });
    expect(wire).toHaveLength(seqs.length);
    wire.forEach((packet, i) => {
      const rtp = RtpPacket.deSerialize(receiver.decrypt(packet));
      expect(rtp.header).toMatchObject({
        ssrc: 0x11223344,
        payloadType: 96,
        sequenceNumber: seqs[i],
        timestamp: 9_000 * i,
        marker: i === seqs.length - 1,
      });
      expect(rtp.header.extensions.map((e) => e.id)).toEqual([1, 3]);
      expect(rtp.header.extensions[0]?.payload.toString()).toBe('1');
      expect(rtp.payload.equals(payloads[i] as Buffer)).toBe(true);
      // werift, given the same header, produces the same bytes (same key, IV and rollover counter).
      expect(reference.encrypt(rtp.payload, rtp.header).equals(packet)).toBe(true);
    });
    expect(t.sender.dtlsTransport.packetsSent).toBe(seqs.length);
  });

  it('keeps a retransmittable copy of each packet where werift’s NACK handler looks', () => {
    const { sender, receiver } = srtpPair();
    const wire: Buffer[] = [];
    const t = connectedSender(sender, wire);
    const writer = new RtpWriter(t as unknown as RTCRtpTransceiver);
    const payload = randomBytes(500);
    writer.write(false, 1_000, 42, payload);
    const cached = t.sender.rtpCache[1_000 % 128];
    expect(cached?.header).toBeInstanceOf(RtpHeader);
    // What werift does on a NACK: encrypt the cached header and payload again.
    const again = RtpPacket.deSerialize(
      receiver.decrypt(sender.encrypt(cached?.payload as Buffer, cached?.header as RtpHeader)),
    );
    expect(again.header.sequenceNumber).toBe(1_000);
    expect(again.payload.equals(payload)).toBe(true);
  });

  it('retransmits from before and after a sequence wrap with the rollover counter each packet was sent with', () => {
    const { sender, receiver } = srtpPair();
    const wire: Buffer[] = [];
    const t = connectedSender(sender, wire);
    const writer = new RtpWriter(t as unknown as RTCRtpTransceiver);
    const seqs = [65_534, 65_535, 0, 1];
    for (const seq of seqs) writer.write(false, seq, seq, randomBytes(200));
    for (const packet of wire) receiver.decrypt(packet); // the viewer has followed the wrap
    // What werift does on a NACK for 1 (rollover counter 1), then for 65,535 (rollover counter 0).
    for (const seq of [1, 65_535]) {
      const cached = t.sender.rtpCache[seq % 128];
      const again = sender.encrypt(cached?.payload as Buffer, cached?.header as RtpHeader);
      expect(RtpPacket.deSerialize(receiver.decrypt(again)).header.sequenceNumber).toBe(seq);
    }
    expect(t.sender.packetCount).toBe(seqs.length);
  });

  it('with a lane, checks werift’s transport once per 100 ms and pushes the packets between with its own state', () => {
    const { sender } = srtpPair();
    const t = connectedSender(sender, []);
    const pair = {
      remoteAddr: ['192.0.2.7', 5_000] as [string, number],
      packetsSent: 0,
      bytesSent: 0,
      protocol: { transport: { type: 'udp', closed: false, socket: {} } },
    };
    Object.assign(t.sender.dtlsTransport.iceTransport.connection, { nominated: pair });
    const pushed: number[] = [];
    const lane: PacketLane = {
      alive: true,
      slot: () => 1,
      configure: () => true,
      push: (_slot, _marker, seq) => pushed.push(seq),
      releaseSlot: () => undefined,
      release: () => undefined,
    };
    const writer = new RtpWriter(t as unknown as RTCRtpTransceiver, lane);
    const at = (now: number) => ({ now, ntp: 0n, absSendTime: Buffer.alloc(3), abs: 0 });
    expect(writer.write(false, 1, 0, randomBytes(100), at(1_000))).toBe(true);
    t.sender.stopped = true; // werift's state changes: not looked at for the next 100 ms
    expect(writer.write(false, 2, 0, randomBytes(100), at(1_050))).toBe(true);
    expect(writer.write(false, 3, 0, randomBytes(100), at(1_099))).toBe(true);
    expect(pushed).toEqual([1, 2, 3]);
    expect(t.sender.packetCount).toBe(3);
    expect(pair.packetsSent).toBe(1); // the pair's and transport's counters catch up at the next check
    expect(writer.write(false, 4, 0, randomBytes(100), at(1_100))).toBe(false);
    t.sender.stopped = false;
    expect(writer.write(false, 5, 0, randomBytes(100), at(1_101))).toBe(true);
    expect(pushed).toEqual([1, 2, 3, 5]);
    expect(pair.packetsSent).toBe(4);
    expect(t.sender.dtlsTransport.packetsSent).toBe(4);
    writer.close(); // a closed writer checks again, and configures a new slot, before it pushes
    expect(writer.write(false, 6, 0, randomBytes(100), at(1_102))).toBe(true);
    expect(pushed).toEqual([1, 2, 3, 5, 6]);
  });

  it('sends nothing before DTLS is connected', () => {
    const { sender } = srtpPair();
    const wire: Buffer[] = [];
    const t = connectedSender(sender, wire);
    t.sender.dtlsTransport.state = 'connecting';
    const writer = new RtpWriter(t as unknown as RTCRtpTransceiver);
    expect(writer.ready).toBe(false);
    expect(writer.write(false, 1, 1, randomBytes(10))).toBe(false);
    expect(wire).toHaveLength(0);
  });
});
