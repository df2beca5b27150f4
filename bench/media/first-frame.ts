/**
 * Time to first frame for a viewer on loopback: a Chromium host publishes its fake camera, then
 *  1. fresh joins: viewers join one after another in fresh browser contexts;
 *  2. reload joins: one watching tab reloads and joins again, while its previous session is still leaving
 *     (the "open the same URL again in that tab" case);
 *  3. host start: a viewer already in the room waits; the host joins and publishes; measured from the
 *     host's `room.connect()` to the waiting viewer's first frame.
 * Pages use the web app's room options (so no /rtc/v1 probe: apps/media serves /rtc). Joins are measured from
 * calling `room.connect()` to the first video frame presented (requestVideoFrameCallback); each line shows
 * when the track was subscribed, the room connected, and the first RTP packet and frame arrived. Prints
 * p50/p95/max, never asserts.
 *
 *   npx tsx bench/media/first-frame.ts     (BENCH_VIEWERS=10 fresh joins, BENCH_RELOADS=20, BENCH_STARTS=5)
 */
import { loadavg } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { launchChromium } from '../../apps/media/test/helpers/browser.ts';
import { startStaticServer } from '../../apps/media/test/helpers/static-server.ts';
import { joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';
import { printMachineLoad } from '../support/load.ts';

printMachineLoad();

const JOINS = Number(process.env.BENCH_VIEWERS ?? 10);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 20);
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
/** A join with no frame after this long is reported as a miss (and counted above every budget). */
const GIVE_UP_MS = 30_000;

type PageGlobals = {
  lkJoin(u: string, t: string): Promise<void>;
  lk: {
    joinStartedAt?: number;
    firstFrameAt?: number;
    events: unknown[][];
    room: { disconnect(): Promise<void>; localParticipant: { setCameraEnabled(on: boolean): Promise<void> } };
  };
};

const media = await startMediaServer({
  port: 0,
  host: '127.0.0.1',
  keys: KEYS,
  logLevel: 'warn',
  ...(process.env.MEDIA_WORKERS ? { mediaWorkers: Number(process.env.MEDIA_WORKERS) } : {}),
});
const web = await startStaticServer();
const browser = await launchChromium();
// Viewers run in a browser of their own, as a visitor's does: sharing the host's browser (which was granted
// the camera) would give them its exposed local addresses, while a real viewer's Chromium names its host
// candidates by mDNS (`<uuid>.local`), the case that once cost a join 10 s (see apps/media/src/rtc/trickle.ts).
const viewerBrowser = await launchChromium();
/** Room options as the web app sets them (apps/web/src/features/live/room-options.ts): no /rtc/v1 probe. */
const asWebApp = async (ctx: BrowserContext) => {
  await ctx.addInitScript(() => {
    (globalThis as unknown as { lkRoomOptions: object }).lkRoomOptions = { singlePeerConnection: false };
    (globalThis as unknown as { lkTrace: boolean }).lkTrace = true;
  });
  return ctx;
};

/** Joins `page` with `token`, waits for its first frame; returns ms from connect() (-1: none) and phases. */
const joinAndTime = (page: Page, token: string) =>
  page.evaluate(
    async ([u, t, giveUp]) => {
      const g = globalThis as unknown as PageGlobals;
      await g.lkJoin(u as string, t as string);
      const deadline = performance.now() + (giveUp as number);
      while (g.lk.firstFrameAt === undefined && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      const result = g.lk.firstFrameAt !== undefined ? g.lk.firstFrameAt - (g.lk.joinStartedAt ?? 0) : -1;
      // First time of each phase, for the breakdown ('ice2:connected' is the subscriber PC's, as dtls2).
      const at: Record<string, number> = {};
      for (const e of g.lk.events) {
        const name = typeof e[1] === 'string' && e.length > 2 ? `${e[0]}:${e[1]}` : String(e[0]);
        at[name] ??= e.at(-1) as number;
      }
      const phases = g.lk.events
        .map(
          (e) => `${e[0]}${e[1] && typeof e[1] === 'string' && e.length > 2 ? `:${e[1]}` : ''}@${e.at(-1)}`,
        )
        .join(' ');
      return [result, phases, at] as const;
    },
    [media.url, token, GIVE_UP_MS] as const,
  );

const summary = (name: string, samples: number[], runs: number) => {
  const ok = samples.filter((s) => s >= 0).sort((a, b) => a - b);
  const pct = (p: number) => ok[Math.min(ok.length - 1, Math.ceil(p * ok.length) - 1)]?.toFixed(0);
  const misses = runs - ok.length;
  console.log(
    `  ${name.padEnd(12)} ${ok.length}/${runs} with frames; p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${ok.at(-1)?.toFixed(0)} ms, over 3 s: ${ok.filter((s) => s > 3_000).length + misses}`,
  );
};

const log = (what: string, i: number, ms: number, phases: string) =>
  console.log(
    `${what} ${i + 1}: ${ms >= 0 ? `${ms.toFixed(0)} ms` : `no frame within ${GIVE_UP_MS} ms`} (${phases})`,
  );

/** Each join's first time per phase (ms from connect()), for the breakdown printed at the end. */
const phaseTimes: { kind: 'fresh' | 'reload'; at: Record<string, number>; frame: number }[] = [];
const fresh: number[] = [];
const reloads: number[] = [];
const starts: number[] = [];
try {
  const hostCtx = await asWebApp(await browser.newContext());
  let host = await hostCtx.newPage();
  await host.goto(web.url);
  const publish = async (page: Page) => {
    const hostToken = await joinToken('ttff-host', 'ttff', { canPublish: true });
    return page.evaluate(
      async ([u, t]) => {
        const g = globalThis as unknown as PageGlobals;
        const at = Date.now();
        await g.lkJoin(u as string, t as string);
        await g.lk.room.localParticipant.setCameraEnabled(true);
        return at;
      },
      [media.url, hostToken],
    );
  };
  await publish(host);
  await new Promise((r) => setTimeout(r, 2_000));

  for (let i = 0; i < JOINS; i++) {
    const ctx = await asWebApp(await viewerBrowser.newContext());
    const page = await ctx.newPage();
    await page.goto(web.url);
    const [ms, phases, at] = await joinAndTime(
      page,
      await joinToken(`ttff-viewer-${i}`, 'ttff', { canPublish: false }),
    );
    if (ms >= 0) phaseTimes.push({ kind: 'fresh', at, frame: ms });
    await ctx.close();
    fresh.push(ms);
    log('join', i, ms, phases);
  }

  // One tab, reloaded while watching: each reload is a new token (the web app's viewer identities are new
  // each time too), and the previous session leaves as the page unloads.
  const tab = await (await asWebApp(await viewerBrowser.newContext())).newPage();
  await tab.goto(web.url);
  for (let i = 0; i < RELOADS; i++) {
    if (i > 0) await tab.reload();
    const [ms, phases, at] = await joinAndTime(
      tab,
      await joinToken(`ttff-reload-${i}`, 'ttff', { canPublish: false }),
    );
    if (ms >= 0) phaseTimes.push({ kind: 'reload', at, frame: ms });
    reloads.push(ms);
    log('reload', i, ms, phases);
  }

  // Host start: the viewer is in the room first; the host's tab reloads (its session leaves) and publishes.
  for (let i = 0; i < STARTS; i++) {
    await host.close();
    await new Promise((r) => setTimeout(r, 1_000));
    await tab.reload();
    const token = await joinToken(`ttff-waiting-${i}`, 'ttff', { canPublish: false });
    await tab.evaluate(
      ([u, t]) => (globalThis as unknown as PageGlobals).lkJoin(u as string, t as string),
      [media.url, token],
    );
    host = await hostCtx.newPage();
    await host.goto(web.url);
    const startedAt = await publish(host);
    const firstFrameAt = await tab
      .waitForFunction(() => (globalThis as unknown as PageGlobals).lk.firstFrameAt, null, {
        timeout: GIVE_UP_MS,
      })
      .then(() =>
        tab.evaluate(
          () => Date.now() - (performance.now() - (globalThis as unknown as PageGlobals).lk.firstFrameAt!),
        ),
      )
      .catch(() => undefined);
    const ms = firstFrameAt === undefined ? -1 : firstFrameAt - startedAt;
    starts.push(ms);
    log('host start', i, ms, '');
  }
} finally {
  await viewerBrowser.close();
  await browser.close();
  await media.close();
  await web.close();
}
console.log('\ntime to first frame (loopback, Chromium fake camera; misses count as over 3 s)');
summary('fresh join', fresh, JOINS);
summary('reload join', reloads, RELOADS);
summary('host start', starts, STARTS);
// Where a join's time goes: the median of each step over the joins that reached a frame.
const STEPS: [string, string, string][] = [
  ['connect() → JoinResponse', '', 'signal'],
  ['JoinResponse → subscriber offer', 'signal', 'remote:offer'],
  ['offer → ICE connected', 'remote:offer', 'ice2:connected'],
  ['ICE → DTLS connected', 'ice2:connected', 'dtls2:connected'],
  ['DTLS → track subscribed', 'dtls2:connected', 'subscribed:camera'],
  ['subscribed → first frame', 'subscribed:camera', 'frame'],
];
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const kind of ['fresh', 'reload'] as const) {
  const joins = phaseTimes.filter((j) => j.kind === kind);
  if (joins.length === 0) continue;
  console.log(`  ${kind} joins, median per step (${joins.length} joins):`);
  for (const [label, from, to] of STEPS) {
    const deltas = joins
      .map(
        (j) =>
          (to === 'frame' ? j.frame : (j.at[to] ?? Number.NaN)) - (from ? (j.at[from] ?? Number.NaN) : 0),
      )
      .filter((d) => Number.isFinite(d));
    console.log(`    ${label.padEnd(34)} ${deltas.length ? `${median(deltas)?.toFixed(0)} ms` : 'n/a'}`);
  }
}
console.log('  budgets: joins p50 ≤ 500 ms, p95 ≤ 1000 ms, none over 3 s; host start p50 ≤ 2000 ms');
console.log(`  load average during run ${loadavg()[0]?.toFixed(1)} on this shared machine`);
console.log('  command: npx tsx bench/media/first-frame.ts');
process.exit(0);
