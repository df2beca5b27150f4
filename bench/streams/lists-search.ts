/**
 * Lists and search at 100k streams (issue 19): for every sort, the first page and page 50 (reached with
 * the keyset cursor), and search over varied terms, each as p50/p95 over HTTP from wrk on one connection,
 * on PGlite and on PostgreSQL. Every request carries an ignored `n=` parameter so the URL-keyed response
 * cache never answers: the figures are the database's.
 * With BENCH_BURNER=1 every figure is taken a second time with one core spun by a busy loop (issue 36: the
 * tails came under load), the burner's own core left out of the load printed beside it.
 * Run: npx tsx bench/streams/lists-search.ts   (BENCH_DB=pglite|postgres for one; BENCH_SECONDS per figure;
 *      BENCH_BURNER=1)
 */
import { ZStreamPage } from '@mintcast/contracts';
import { startBurner } from '../support/burner.ts';
import { printMachineLoad, underLoad } from '../support/load.ts';
import { withCpu } from '../support/process-cpu.ts';
import { ms, perSec, report } from '../support/report.ts';
import { haveWrk, type WrkResult, wrkPaths } from '../support/wrk.ts';
import { benchDatabases, startStreamsServer, stopServer } from './databases.lib.ts';

printMachineLoad();
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LIMIT = 24;
const BURNER = process.env.BENCH_BURNER === '1';
const COMMAND = `${BURNER ? 'BENCH_BURNER=1 ' : ''}npx tsx bench/streams/lists-search.ts`;

/**
 * One figure: p50/p95 of `paths` over `seconds`, with the load beside it; with BENCH_BURNER=1, again with a
 * busy loop on one core.
 */
const measure = async (
  base: string,
  pid: number | undefined,
  paths: string[],
  seconds: number,
): Promise<{ label: string; result: WrkResult; load: number; cpu: string }[]> => {
  // The server's CPU time per request (from /proc) beside the latencies: the other tenants of a shared
  // machine move the latencies far more than the CPU a request costs.
  const phase = async () => {
    const { result, cpuMs } = await withCpu(pid, () => wrkPaths(base, paths, { seconds }));
    const cpu =
      cpuMs === null || result.requests === 0 ? 'n/a' : `${((cpuMs * 1000) / result.requests).toFixed(0)} µs`;
    return { ...result, cpu };
  };
  await wrkPaths(base, paths, { seconds: 1 }); // warm-up
  const quiet = await underLoad(phase);
  const out = [{ label: '', result: quiet.result, load: quiet.load, cpu: quiet.result.cpu }];
  if (BURNER) {
    const burner = startBurner(seconds + 60);
    try {
      const busy = await underLoad(phase, { busyCores: 1 });
      out.push({ label: ', one core busy', result: busy.result, load: busy.load, cpu: busy.result.cpu });
    } finally {
      await burner.stop();
    }
  }
  return out;
};
const SORTS = ['newest', 'market_cap', 'participants', 'activity'] as const;

if (!(await haveWrk())) {
  console.error('lists-search needs wrk: apt-get install -y wrk');
  process.exit(1);
}

// Common words (an eighth of the rows match), rare ids, and no match.
const words = ['moon', 'rocket', 'lotus', 'charts', 'yield', 'koi', 'perps', 'nothing-here'];
const searchPaths = Array.from({ length: 60 }, (_, i) => {
  const term = i % 3 === 0 ? `tk${(i * 7919) % ROWS}` : (words[i % words.length] as string);
  return `/api/streams/search?q=${encodeURIComponent(term)}&limit=50`;
});

for (const { name, env } of await benchDatabases()) {
  console.log(`seeding ${ROWS.toLocaleString('en-US')} streams into ${name}…`);
  const { child: server, port } = await startStreamsServer(env, ROWS);
  const base = `http://127.0.0.1:${port}`;
  try {
    const rows: [string, string][] = [['rows in table', ROWS.toLocaleString('en-US')]];
    for (const sort of SORTS) {
      // Walk to page 50 with the cursor, as a visitor pressing "Load more" would.
      let cursor: string | null = null;
      for (let page = 1; page < 50; page++) {
        const url: string = `${base}/api/streams?limit=${LIMIT}&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        cursor = ZStreamPage.parse(await (await fetch(url)).json()).nextCursor;
      }
      const first = `/api/streams?limit=${LIMIT}&sort=${sort}`;
      for (const [label, path] of [
        ['first page', first],
        ['page 50', `${first}&cursor=${cursor}`],
      ] as const) {
        for (const { label: busy, result: r, load, cpu } of await measure(base, server.pid, [path], SECONDS))
          rows.push([
            `sort=${sort} ${label}${busy} p50 / p95`,
            `${ms(r.p50)} / ${ms(r.p95)} (budget p95 ≤ 20 ms; ${perSec(r.perSecond)}, CPU ${cpu}/request, non-2xx ${r.non2xx}; load ${load.toFixed(1)})`,
          ]);
      }
    }
    for (const { label: busy, result: s, load, cpu } of await measure(
      base,
      server.pid,
      searchPaths,
      SECONDS * 2,
    ))
      rows.push([
        `search${busy} p50 / p95 / p99`,
        `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} (budget p95 ≤ 20 ms; ${s.requests} requests over ${searchPaths.length} terms, CPU ${cpu}/request; load ${load.toFixed(1)})`,
      ]);
    report(
      `Lists and search at ${ROWS.toLocaleString('en-US')} streams, ${name} (wrk, 1 connection)`,
      COMMAND,
      rows,
    );
  } finally {
    await stopServer(server);
  }
}
printMachineLoad('end');
