/**
 * The per-packet floor both ways, alternating in one run (the machine is shared: compare within a run): Node's
 * (one createCipheriv AES-128-GCM + one dgram send) and the native addon's (decision 019). Prints, never asserts.
 *
 *   npx tsx bench/media/packet-floor.ts          (BENCH_ROUNDS=3)
 */
import { loadavg } from 'node:os';
import { printMachineLoad } from '../support/load.ts';
import { nativePacketFloor, packetFloor } from './packet-floor.lib.ts';

printMachineLoad();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
console.log('per-packet floor, CPU µs per 1,100-byte packet encrypted (AES-128-GCM) and sent on loopback');
for (let round = 1; round <= ROUNDS; round++) {
  const node = await packetFloor();
  const native = await nativePacketFloor();
  const nodeUs = node.gcmUs + node.sendUs;
  console.log(
    `  round ${round}: Node ${nodeUs.toFixed(2)} µs (cipher ${node.gcmUs.toFixed(2)} + send ${node.sendUs.toFixed(2)}); native ${'reason' in native ? `n/a (${native.reason})` : `${native.us.toFixed(2)} µs (${(nodeUs / native.us).toFixed(1)} × less)`}; load ${loadavg()[0]?.toFixed(1)}`,
  );
}
console.log('  command: npx tsx bench/media/packet-floor.ts');
