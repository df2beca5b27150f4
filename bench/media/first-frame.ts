/**
 * Time to first frame for a viewer on loopback: a Chromium host publishes its fake camera, then
 * viewers join one after another in fresh browser contexts; each measures from calling
 * `room.connect()` to the first video frame presented (requestVideoFrameCallback). This includes
 * the /rtc/v1 404 and validate round trip before livekit-client falls back to /rtc.
 * Prints, never asserts.
 *
 *   npx tsx bench/media/first-frame.ts          (BENCH_VIEWERS=7 joins by default)
 */
import { loadavg } from 'node:os';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { launchChromium } from '../../apps/media/test/helpers/browser.ts';
import { startStaticServer } from '../../apps/media/test/helpers/static-server.ts';
import { joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';

const JOINS = Number(process.env.BENCH_VIEWERS ?? 7);
type PageGlobals = {
  lkJoin(u: string, t: string): Promise<void>;
  lk: {
    joinStartedAt?: number;
    firstFrameAt?: number;
    room: { disconnect(): Promise<void>; localParticipant: { setCameraEnabled(on: boolean): Promise<void> } };
  };
};

const media = await startMediaServer({ port: 0, host: '127.0.0.1', keys: KEYS, logLevel: 'warn' });
const web = await startStaticServer();
const browser = await launchChromium();
const samples: number[] = [];
try {
  const host = await (await browser.newContext()).newPage();
  await host.goto(web.url);
  const hostToken = await joinToken('ttff-host', 'ttff', { canPublish: true });
  await host.evaluate(
    async ([u, t]) => {
      const g = globalThis as unknown as PageGlobals;
      await g.lkJoin(u as string, t as string);
      await g.lk.room.localParticipant.setCameraEnabled(true);
    },
    [media.url, hostToken],
  );
  await new Promise((r) => setTimeout(r, 2_000));
  for (let i = 0; i < JOINS; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(web.url);
    const token = await joinToken(`ttff-viewer-${i}`, 'ttff', { canPublish: false });
    const [ms, phases] = await page.evaluate(
      async ([u, t]) => {
        const g = globalThis as unknown as PageGlobals;
        await g.lkJoin(u as string, t as string);
        const deadline = performance.now() + 10_000;
        while (g.lk.firstFrameAt === undefined && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 10));
        const result = g.lk.firstFrameAt !== undefined ? g.lk.firstFrameAt - (g.lk.joinStartedAt ?? 0) : -1;
        const phases = (g.lk as unknown as { events: unknown[][] }).events
          .map(
            (e) => `${e[0]}${e[1] && typeof e[1] === 'string' && e.length > 2 ? `:${e[1]}` : ''}@${e.at(-1)}`,
          )
          .join(' ');
        await g.lk.room.disconnect();
        return [result, phases] as const;
      },
      [media.url, token],
    );
    await ctx.close();
    if (ms >= 0) samples.push(ms);
    console.log(`join ${i + 1}: ${ms >= 0 ? `${ms.toFixed(0)} ms` : 'no frame within 10 s'} (${phases})`);
  }
} finally {
  await browser.close();
  await media.close();
  await web.close();
}
const sorted = [...samples].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log('\ntime to first frame (viewer join → first presented frame, loopback, Chromium fake camera)');
console.log(
  `  samples: ${samples.length}/${JOINS}; p50 ${pct(0.5)?.toFixed(0)} ms, p90 ${pct(0.9)?.toFixed(0)} ms, min ${sorted[0]?.toFixed(0)} ms`,
);
console.log(
  `  budget: p50 ≤ 1000 ms; load average during run ${loadavg()[0]?.toFixed(1)} on this shared machine`,
);
console.log('  command: npx tsx bench/media/first-frame.ts');
process.exit(0);
