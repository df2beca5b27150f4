/**
 * WHIP offer → first frame at a viewer already waiting in the room (issue 15's budget: p50 ≤ 1 s, loopback).
 * A Chromium page publishes its fake camera as H.264 (and its microphone as Opus) over WHIP to the embedded
 * media server; an unmodified livekit-client viewer in another Chromium context waits in the room. Measured
 * from sending the POST (the offer is made before) to the first video frame the viewer presents
 * (requestVideoFrameCallback), on one wall clock. Each run ends with DELETE and waits for the viewer to see
 * the publisher leave. Prints p50/p95/max, never asserts.
 *
 *   npx tsx bench/media/whip-first-frame.ts     (BENCH_RUNS=10)
 */
import { loadavg } from 'node:os';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { launchChromium } from '../../apps/media/test/helpers/browser.ts';
import { startStaticServer } from '../../apps/media/test/helpers/static-server.ts';
import { joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';
import { whipOffer } from '../../apps/media/test/helpers/whip-client.ts';
import { printMachineLoad } from '../support/load.ts';

printMachineLoad();

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const ROOM = 'stream-bench-whip';
const HOST = 'bench-host';
const GIVE_UP_MS = 30_000;

const media = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'warn' });
const endpoint = `${media.url.replace('ws', 'http')}/whip`;
const web = await startStaticServer();
const browser = await launchChromium();
const publisher = await (await browser.newContext()).newPage();
const viewer = await (await browser.newContext()).newPage();
await Promise.all([publisher.goto(web.url), viewer.goto(web.url)]);
const viewerToken = await joinToken('viewer-bench', ROOM, { canPublish: false, canPublishData: false });
await viewer.evaluate(`window.lkJoin(${JSON.stringify(media.url)}, ${JSON.stringify(viewerToken)})`);

const wallNow = () => performance.timeOrigin + performance.now();
const times: number[] = [];
let misses = 0;
for (let i = 0; i < RUNS; i++) {
  await viewer.evaluate('window.lk.firstFrameAt = undefined');
  const token = await joinToken(
    HOST,
    ROOM,
    { canPublish: true },
    { metadata: '{"role":"host","ingest":"whip"}' },
  );
  const offer = await whipOffer(publisher, 'video/H264');
  const sentAt = wallNow();
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: offer,
  });
  const answer = await res.text();
  if (res.status !== 201) throw new Error(`WHIP POST answered ${res.status}: ${answer}`);
  await publisher.evaluate(
    `window.whipPc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(answer)} })`,
  );
  const firstFrame = (await viewer.evaluate(`(async () => {
    const deadline = performance.now() + ${GIVE_UP_MS};
    while (window.lk.firstFrameAt === undefined && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    return window.lk.firstFrameAt === undefined ? -1 : performance.timeOrigin + window.lk.firstFrameAt;
  })()`)) as number;
  if (firstFrame < 0) misses++;
  else times.push(firstFrame - sentAt);
  console.log(`  run ${i + 1}: ${firstFrame < 0 ? 'no frame' : `${(firstFrame - sentAt).toFixed(0)} ms`}`);
  const location = new URL(res.headers.get('location') ?? '', endpoint).toString();
  await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  await publisher.evaluate('window.whipPc?.close()');
  // The next run starts with the viewer waiting in a room without a publisher.
  await viewer.evaluate(`(async () => {
    while (window.lk.room.remoteParticipants.has(${JSON.stringify(HOST)})) await new Promise((r) => setTimeout(r, 10));
  })()`);
}
await browser.close();
await media.close();
await web.close();

times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(0) ?? '-';
console.log('\nWHIP offer → first frame at a waiting viewer (loopback, Chromium H.264 + Opus publisher)');
console.log(
  `  ${times.length}/${RUNS} with frames; p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${times.at(-1)?.toFixed(0) ?? '-'} ms, misses ${misses}`,
);
console.log('  budget: p50 ≤ 1000 ms');
console.log(`  load average during run ${loadavg()[0]?.toFixed(1)} on this shared machine`);
console.log('  command: npx tsx bench/media/whip-first-frame.ts');
