import { createCipheriv, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { openNativeSrtpSender } from '../../apps/media/src/rtc/native-srtp-sender.mjs';

/**
 * What one forwarded packet costs at the least in Node on this machine, whatever the SFU does around it:
 * one AES-128-GCM encryption of a 1,100-byte payload (a new cipher per packet: each has its own IV) and one
 * UDP send on loopback. CPU µs per packet, measured in this process.
 */
export const packetFloor = async (): Promise<{ gcmUs: number; sendUs: number }> => {
  const key = randomBytes(16);
  const payload = randomBytes(1_100);
  const aad = randomBytes(24);
  const n = 50_000;
  const cpu = (f: () => void, count: number) => {
    for (let i = 0; i < 2_000; i++) f();
    const t = process.cpuUsage();
    for (let i = 0; i < count; i++) f();
    const u = process.cpuUsage(t);
    return (u.user + u.system) / count;
  };
  const iv = randomBytes(12);
  let counter = 0;
  const gcmUs = cpu(() => {
    iv.writeUInt32BE(counter++ >>> 0, 8); // a new IV per packet, as SRTP derives it from the sequence number
    const c = createCipheriv('aes-128-gcm', key, iv);
    c.setAAD(aad);
    c.update(payload);
    c.final();
    c.getAuthTag();
  }, n);
  const sink = createSocket('udp4');
  await new Promise<void>((r) => sink.bind(0, '127.0.0.1', () => r()));
  const port = sink.address().port;
  const out = createSocket('udp4');
  // Sent the way the SFU sends (no callback per packet), in batches; the CPU of each batch is counted once
  // its last datagram has been handed to the kernel.
  const batches = 50;
  const perBatch = 1_000;
  const t = process.cpuUsage();
  for (let b = 0; b < batches; b++) {
    for (let i = 1; i < perBatch; i++) out.send(payload, port, '127.0.0.1');
    await new Promise<void>((resolve) => out.send(payload, port, '127.0.0.1', () => resolve()));
  }
  const u = process.cpuUsage(t);
  out.close();
  sink.close();
  return { gcmUs, sendUs: (u.user + u.system) / (batches * perBatch) };
};

/** Subscribers in the native floor's batches: one packet each per call, as a worker's batch for 64 viewers. */
const NATIVE_FLOOR_SOCKETS = 64;

/**
 * The same floor through the native addon (decision 019): AES-128-GCM with a context per subscriber keyed once
 * and one sendmmsg per socket, a batch of NATIVE_FLOOR_SOCKETS packets (one per subscriber, each with its own
 * socket) per call. CPU µs per packet, measured in this process; or why the addon is not available.
 */
export const nativePacketFloor = async (): Promise<
  { us: number; reason?: undefined } | { reason: string }
> => {
  const { sender, reason } = openNativeSrtpSender();
  if (!sender) return { reason };
  const sink = createSocket('udp4');
  await new Promise<void>((r) => sink.bind(0, '127.0.0.1', () => r()));
  const port = sink.address().port;
  const header = Buffer.alloc(24, 0);
  header[0] = 0x90;
  const sockets = await Promise.all(
    Array.from({ length: NATIVE_FLOOR_SOCKETS }, async (_, i) => {
      const s = createSocket('udp4');
      await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
      sender.addSocket(i + 1, s);
      const slot = { slot: i + 1, socket: i + 1, host: '127.0.0.1', port, key: randomBytes(16) };
      sender.setSlot({ ...slot, salt: randomBytes(14), ssrc: i, header, absOffset: 19 });
      return s;
    }),
  );
  const recs = new Uint32Array(NATIVE_FLOOR_SOCKETS * 6);
  for (let i = 0; i < NATIVE_FLOOR_SOCKETS; i++) recs[i * 6] = i + 1;
  const payloads = [randomBytes(1_100)];
  let seq = 0;
  const call = () => {
    seq = (seq + 1) & 0xffff;
    for (let i = 0; i < NATIVE_FLOOR_SOCKETS; i++) recs[i * 6 + 1] = seq;
    sender.send(recs, payloads);
  };
  for (let i = 0; i < 30; i++) call();
  // As the Node floor's sends: in batches of about 1,000 packets, the event loop turning between them.
  const batches = 50;
  const callsPerBatch = Math.round(1_000 / NATIVE_FLOOR_SOCKETS);
  const t = process.cpuUsage();
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < callsPerBatch; i++) call();
    await new Promise((r) => setImmediate(r));
  }
  const u = process.cpuUsage(t);
  sender.close();
  for (const s of sockets) s.close();
  sink.close();
  return { us: (u.user + u.system) / (batches * callsPerBatch * NATIVE_FLOOR_SOCKETS) };
};
