/**
 * The simulated HLS viewers of bench/live/http-tier.ts, in a process of their own (in the bench's process they
 * starved the media server's packaging). `tsx http-tier-viewers-child.ts <playlist URL> <viewers> <seconds>`
 * prints one JSON line: bytes downloaded, failed requests, and when (epoch ms) each segment's first byte came.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const [playlistUrl = '', viewersArg = '100', secondsArg = '20'] = process.argv.slice(2);
const base = playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1);
const result = {
  bytes: 0,
  errors: 0,
  errorKinds: {} as Record<string, number>,
  firstAt: {} as Record<string, number>,
};
const failed = (kind: string) => {
  result.errors++;
  result.errorKinds[kind] = (result.errorKinds[kind] ?? 0) + 1;
};

/** One HLS viewer: the playlist every second (its target duration), each new segment once. */
const viewer = async (until: number) => {
  const have = new Set<string>();
  let first = true;
  await sleep(Math.random() * 1_000);
  while (Date.now() < until) {
    const res = await fetch(playlistUrl).catch((err: Error) => failed(`playlist ${err.message}`));
    if (res && !res.ok) failed(`playlist ${res.status}`);
    const text = res?.ok ? await res.text().catch(() => '') : '';
    const names = text.split('\n').filter((l) => l.endsWith('.ts'));
    for (const name of first ? names.slice(-3) : names) {
      if (have.has(name)) continue;
      have.add(name);
      const seg = await fetch(`${base}${name}`).catch((err: Error) => failed(`segment ${err.message}`));
      if (!seg) continue;
      if (!seg.ok) {
        failed(`segment ${seg.status}`);
        continue;
      }
      result.firstAt[name] ??= Date.now();
      result.bytes += (await seg.arrayBuffer().catch(() => new ArrayBuffer(0))).byteLength;
    }
    first = names.length === 0;
    await sleep(1_000);
  }
};

const until = Date.now() + Number(secondsArg) * 1_000;
await Promise.all(Array.from({ length: Number(viewersArg) }, () => viewer(until)));
console.log(JSON.stringify(result));
