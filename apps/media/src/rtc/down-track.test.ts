import { VideoQuality } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import type { RtpPacket } from 'werift';
import { fakeTransceiver, layer, packet } from '../../test/helpers/fake-rtp.ts';
import { Metrics } from '../metrics.ts';
import { DownTrack } from './down-track.ts';
import type { Layer } from './layer.ts';
import { parseVp8 } from './vp8.ts';

describe('DownTrack', () => {
  it('starts on a keyframe and switches layers only at a keyframe, keeping numbering continuous', () => {
    const sent: RtpPacket[] = [];
    const dt = new DownTrack('TR_x', 'PA_y', fakeTransceiver(sent), 90_000, new Metrics());
    const q = layer('q', VideoQuality.LOW);
    const f = layer('f', VideoQuality.HIGH);
    const write = (l: Layer, p: RtpPacket) => dt.write(l, p, parseVp8(p.payload), true);
    dt.target = q;
    write(q, packet(100, 9000, 10, false)); // not a keyframe: dropped
    expect(sent).toHaveLength(0);
    write(q, packet(101, 12000, 11, true));
    write(q, packet(102, 15000, 12, false));
    expect(sent.map((p) => p.header.sequenceNumber)).toEqual([101, 102]);
    // Incoming extensions (the publisher's ids) are not forwarded.
    expect(sent[0]?.header.extensions).toEqual([]);

    dt.target = f;
    write(f, packet(5000, 777_000, 900, false)); // f is not at a keyframe yet
    write(q, packet(103, 18000, 13, false)); // still on q meanwhile
    write(f, packet(5001, 780_000, 901, true)); // keyframe on f: switch
    write(q, packet(104, 21000, 14, false)); // q is no longer forwarded
    write(f, packet(5002, 783_000, 902, false));
    const seqs = sent.map((p) => p.header.sequenceNumber);
    expect(seqs).toEqual([101, 102, 103, 104, 105]);
    const ts = sent.map((p) => p.header.timestamp);
    for (let i = 1; i < ts.length; i++) expect(ts[i]).toBeGreaterThan(ts[i - 1] as number);
    expect(sent.map((p) => parseVp8(p.payload)?.pictureId)).toEqual([11, 12, 13, 14, 15]);
  });

  it('forwards nothing while disabled and waits for a keyframe after resuming', () => {
    const sent: RtpPacket[] = [];
    const dt = new DownTrack('TR_x', 'PA_y', fakeTransceiver(sent), 90_000, new Metrics());
    const h = layer('h', VideoQuality.MEDIUM);
    dt.target = h;
    dt.write(h, packet(1, 0, 1, true), parseVp8(packet(1, 0, 1, true).payload), true);
    dt.disabled = true;
    dt.write(h, packet(2, 3000, 2, false), parseVp8(packet(2, 3000, 2, false).payload), true);
    dt.disabled = false;
    dt.write(h, packet(3, 6000, 3, false), parseVp8(packet(3, 6000, 3, false).payload), true);
    expect(sent).toHaveLength(1);
    expect(dt.waitingForKeyframe).toBe(true);
    dt.write(h, packet(4, 9000, 4, true), parseVp8(packet(4, 9000, 4, true).payload), true);
    expect(sent.map((p) => p.header.sequenceNumber)).toEqual([1, 2]);
  });

  it('closes the hole a skipped padding packet leaves, across a sequence wrap', () => {
    const sent: RtpPacket[] = [];
    const dt = new DownTrack('TR_x', 'PA_y', fakeTransceiver(sent), 90_000, new Metrics());
    const h = layer('h', VideoQuality.MEDIUM);
    const write = (p: RtpPacket) => dt.write(h, p, parseVp8(p.payload), true);
    dt.target = h;
    write(packet(65_533, 0, 1, true));
    dt.skipPadding(h, 65_534); // the next number: later packets move down one
    dt.skipPadding(h, 65_535);
    write(packet(0, 3000, 2, false));
    dt.skipPadding(h, 3); // not the next number (1 and 2 are still to come): nothing moves
    write(packet(1, 6000, 3, false));
    write(packet(2, 6000, 3, false, false));
    write(packet(65_534, 0, 1, false)); // older than a skipped padding packet: its number is taken
    expect(sent.map((p) => p.header.sequenceNumber)).toEqual([65_533, 65_534, 65_535, 0]);
  });

  it("sends with the subscriber's SSRC, payload type and mid, and keeps what NACK and sender reports read", () => {
    const sent: RtpPacket[] = [];
    const transceiver = fakeTransceiver(sent);
    const sender = transceiver.sender as unknown as {
      mid: string;
      headerExtensions: { uri: string; id: number }[];
      rtpCache: RtpPacket[];
      packetCount: number;
      octetCount: number;
      rtpTimestamp: number;
      ntpTimestamp: bigint;
    };
    sender.mid = '3';
    sender.headerExtensions = [
      { uri: 'http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time', id: 4 },
      { uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 1 },
    ];
    const dt = new DownTrack('TR_x', 'PA_y', transceiver, 90_000, new Metrics());
    const h = layer('h', VideoQuality.MEDIUM);
    dt.target = h;
    const p = packet(700, 90_000, 1, true);
    dt.write(h, p, parseVp8(p.payload), true);
    const out = sent[0];
    expect(out?.header).toMatchObject({ ssrc: 5, payloadType: 96, sequenceNumber: 700 });
    expect(out?.header.extensions.map((e) => e.id)).toEqual([1, 4]); // ascending ids
    expect(out?.header.extensions[0]?.payload.toString()).toBe('3');
    expect(out?.header.extensions[1]?.payload).toHaveLength(3);
    // werift answers a NACK from rtpCache[seq % 128] and writes sender reports from these counters.
    expect(sender.rtpCache[700 % 128]?.header.sequenceNumber).toBe(700);
    expect(sender.rtpCache[700 % 128]?.header.ssrc).toBe(5);
    expect(sender.packetCount).toBe(1);
    expect(sender.octetCount).toBe(p.payload.length);
    expect(sender.rtpTimestamp).toBe(90_000);
    expect(sender.ntpTimestamp >> 32n).toBeGreaterThan(3_900_000_000n); // seconds since 1900, i.e. after 2023
  });
});
