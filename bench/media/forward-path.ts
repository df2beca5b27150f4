/**
 * What the SFU process's own code costs per viewer and packet, apart from werift's receive, the kernel and the
 * machine's other tenants: N DownTracks, each with its RtpWriter on a lane (as with send workers or the native
 * sender, decisions 018 and 019), fed P packets of one layer; the lane only stores each record, as a batch
 * would. The transports are stand-ins with werift's field names, so this is the JavaScript's own cost with
 * everything in cache, a lower bound of what the capacity bench measures. Prints, never asserts.
 *
 *   npx tsx bench/media/forward-path.ts        (BENCH_VIEWERS=200, BENCH_PACKETS=3000, BENCH_ROUNDS=8)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { VideoQuality } from '@livekit/protocol';
import { ProtectionProfileAeadAes128Gcm, RTP_EXTENSION_URI, SrtpSession } from 'werift';
import { Metrics } from '../../apps/media/src/metrics.ts';
import { DownTrack } from '../../apps/media/src/rtc/down-track.ts';
import type { PacketLane } from '../../apps/media/src/rtc/packet-lane.ts';
import { sendClock } from '../../apps/media/src/rtc/rtp-writer.ts';
import { parseVp8 } from '../../apps/media/src/rtc/vp8.ts';
import { layer, packet } from '../../apps/media/test/helpers/fake-rtp.ts';
import { printMachineLoad } from '../support/load.ts';

printMachineLoad();
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const PACKETS = Number(process.env.BENCH_PACKETS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

const srtp = () =>
  new SrtpSession({
    keys: {
      localMasterKey: randomBytes(16),
      localMasterSalt: randomBytes(12),
      remoteMasterKey: randomBytes(16),
      remoteMasterSalt: randomBytes(12),
    },
    profile: ProtectionProfileAeadAes128Gcm,
  });

/** A connected subscriber transceiver as RtpWriter reads werift's: DTLS up, a nominated UDP pair. */
const transceiver = () => ({
  mid: '1',
  sender: {
    ssrc: (Math.random() * 2 ** 32) >>> 0,
    codec: { payloadType: 96 },
    stopped: false,
    mid: '1',
    headerExtensions: [
      { uri: RTP_EXTENSION_URI.absSendTime, id: 3 },
      { uri: RTP_EXTENSION_URI.sdesMid, id: 1 },
    ],
    rtpCache: [],
    packetCount: 0,
    octetCount: 0,
    rtpTimestamp: 0,
    ntpTimestamp: 0n,
    rtcpRunning: true,
    runRtcp: () => Promise.resolve(),
    dtlsTransport: {
      state: 'connected',
      bytesSent: 0,
      packetsSent: 0,
      srtp: srtp(),
      iceTransport: {
        connection: {
          nominated: {
            remoteAddr: ['192.0.2.7', 5_000],
            packetsSent: 0,
            bytesSent: 0,
            protocol: { transport: { type: 'udp', closed: false, socket: {} } },
          },
          canSendApplicationData: () => true,
          send: () => Promise.resolve(),
        },
      },
    },
  },
});

/** A lane that keeps the last 1,024 records, as a send batch would write them. */
const ring = new Uint32Array(6 * 1024);
let pushed = 0;
let slots = 0;
const lane: PacketLane = {
  alive: true,
  slot: () => ++slots,
  configure: () => true,
  push: (slot, marker, seq, ts, roc, abs) => {
    const o = (pushed++ & 1023) * 6;
    ring[o] = slot;
    ring[o + 1] = seq | (marker ? 0x10000 : 0);
    ring[o + 2] = ts;
    ring[o + 3] = roc;
    ring[o + 5] = abs;
  },
  releaseSlot: () => undefined,
  release: () => undefined,
};

const metrics = new Metrics();
const h = layer('h', VideoQuality.MEDIUM);
const round = (): number => {
  const tracks = Array.from({ length: VIEWERS }, (_, i) => {
    const dt = new DownTrack(`TR_${i}`, `PA_${i}`, transceiver() as never, 90_000, metrics, lane);
    dt.target = h;
    return dt;
  });
  const packets = Array.from({ length: 30 }, (_, i) => packet(i, i * 3_000, i, i === 0));
  let ns = 0;
  for (let p = 0; p < PACKETS; p++) {
    const source = packets[p % packets.length] as ReturnType<typeof packet>;
    source.header.sequenceNumber = p & 0xffff;
    source.header.timestamp = (p * 3_000) >>> 0;
    const vp8 = parseVp8(source.payload);
    const clock = sendClock();
    const t0 = process.hrtime.bigint();
    for (const dt of tracks) dt.write(h, source, vp8, true, clock, p === 0);
    ns += Number(process.hrtime.bigint() - t0);
  }
  return ns / (VIEWERS * PACKETS);
};

console.log(
  `forwarding path in the SFU process (DownTrack + RtpWriter onto a lane), ${VIEWERS} viewers × ${PACKETS} packets`,
);
const figures: number[] = [];
for (let r = 1; r <= ROUNDS; r++) {
  const ns = round();
  figures.push(ns);
  console.log(`  round ${r}: ${ns.toFixed(0)} ns per viewer and packet; load ${loadavg()[0]?.toFixed(1)}`);
}
figures.sort((a, b) => a - b);
console.log(
  `  median ${figures[Math.floor(figures.length / 2)]?.toFixed(0)} ns, best ${figures[0]?.toFixed(0)} ns (${pushed} records pushed)`,
);
console.log('  command: npx tsx bench/media/forward-path.ts');
