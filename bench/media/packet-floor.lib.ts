import { createCipheriv, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';

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
