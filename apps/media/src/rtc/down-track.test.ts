import { VideoQuality } from '@livekit/protocol';
import { describe, expect, it } from 'vitest';
import { type RTCRtpTransceiver, RtpHeader, RtpPacket } from 'werift';
import { Metrics } from '../metrics.ts';
import { DownTrack } from './down-track.ts';
import type { Layer } from './layer.ts';
import { parseVp8 } from './vp8.ts';

function fakeTransceiver(sent: RtpPacket[]): RTCRtpTransceiver {
  const sender = {
    codec: { payloadType: 96 },
    dtlsTransport: { state: 'connected' },
    stopped: false,
    sendRtp: (p: RtpPacket) => {
      sent.push(p);
      return Promise.resolve();
    },
  };
  return { sender } as unknown as RTCRtpTransceiver;
}

const layer = (rid: string, quality: VideoQuality): Layer => ({
  rid,
  quality,
  track: {} as Layer['track'],
  lastPacketAt: 0,
  packets: 1,
});

function packet(seq: number, ts: number, pictureId: number, key: boolean, start = true): RtpPacket {
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
    ssrc: 1,
    extensions: [{ id: 2, payload: Buffer.from([1, 2, 3]) }],
  });
  return new RtpPacket(header, payload);
}

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
});
