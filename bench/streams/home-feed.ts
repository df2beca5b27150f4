/**
 * Home feed at 100k streams vs nginx serving the same JSON bytes: throughput side by side under wrk (a
 * native generator, so the figure is the server's and not a Node load generator's on the same 2 cores),
 * and p99 at 1,000 req/s paced. On PGlite and on PostgreSQL (see databases.lib.ts). Beside throughput, each
 * side's CPU time per request (from /proc): on a shared machine the other tenants move requests per second
 * a lot more than they move the CPU a request costs, so that ratio is the steadier one.
 * Run: npx tsx bench/streams/home-feed.ts   (needs wrk and Debian's nginx-light for the anchor)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/app-server.ts';
import { printMachineLoad, ratioUnderLoad, underLoad } from '../support/load.ts';
import { withCpu } from '../support/process-cpu.ts';
import { ms, perSec, report } from '../support/report.ts';
import { haveWrk, type WrkResult, wrkPaced, wrkSaturated } from '../support/wrk.ts';
import { benchDatabases, startStreamsServer, stopServer } from './databases.lib.ts';

printMachineLoad();
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const FEED = '/api/streams?live=false&limit=8';
const COMMAND = 'npx tsx bench/streams/home-feed.ts';

if (!(await haveWrk())) {
  console.error('home-feed needs wrk: apt-get install -y wrk');
  process.exit(1);
}

const startNginx = async (body: string): Promise<{ child: ChildProcess; url: string } | null> => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!nginx) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'feed.json'), body);
  chmodSync(path.join(dir, 'feed.json'), 0o644);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    // One process (no master), so the CPU it spends is the pid we started.
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log stderr error;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000;
  types { application/json json; }
  server { listen 127.0.0.1:${port}; root ${dir}; location / { default_type application/json; } } }`,
  );
  const child = spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/feed.json`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  return null;
};

type Side = { result: { result: WrkResult; cpuMs: number | null }; load: number };
const microsPerRequest = (r: Side['result']) =>
  r.cpuMs === null || r.result.requests === 0 ? null : (r.cpuMs * 1000) / r.result.requests;
const cpuPerRequest = (r: Side['result']) => {
  const us = microsPerRequest(r);
  return us === null ? 'n/a (no /proc)' : `${us.toFixed(0)} µs`;
};
/** nginx's CPU per request over ours: what the throughput ratio would be if CPU were the only limit. */
const cpuRatio = (ours: Side, theirs: Side) => {
  const a = microsPerRequest(ours.result);
  const b = microsPerRequest(theirs.result);
  if (a === null || b === null) return 'n/a';
  return ratioUnderLoad({ value: b, load: ours.load }, { value: a, load: theirs.load }, '(budget ≥ 0.50)');
};

for (const { name, env } of await benchDatabases()) {
  console.log(`seeding ${ROWS.toLocaleString('en-US')} streams into ${name}…`);
  const { child: server, port } = await startStreamsServer(env, ROWS);
  const base = `http://127.0.0.1:${port}`;
  try {
    const body = await (await fetch(`${base}${FEED}`)).text();
    await wrkSaturated(`${base}${FEED}`, { connections: CONNECTIONS, seconds: 2 }); // warm-up
    const ours = await underLoad(() =>
      withCpu(server.pid, () =>
        wrkSaturated(`${base}${FEED}`, { connections: CONNECTIONS, seconds: DURATION }),
      ),
    );
    const nginx = await startNginx(body);
    const theirs = nginx
      ? await underLoad(() =>
          withCpu(nginx.child.pid, () =>
            wrkSaturated(nginx.url, { connections: CONNECTIONS, seconds: DURATION }),
          ),
        )
      : null;
    nginx?.child.kill();
    const steady = await wrkPaced(`${base}${FEED}`, { rate: 1000, seconds: DURATION });
    report(`Home feed vs nginx (same JSON bytes), ${name}`, COMMAND, [
      ['rows in table', ROWS.toLocaleString('en-US')],
      ['response size', `${Buffer.byteLength(body)} bytes`],
      ['load generator', `wrk, 1 thread, ${CONNECTIONS} connections, ${DURATION} s per side`],
      ['mintcast throughput', `${perSec(ours.result.result.perSecond)} (load ${ours.load.toFixed(1)})`],
      ['mintcast CPU per request', `${cpuPerRequest(ours.result)} (load ${ours.load.toFixed(1)})`],
      ['mintcast p99 (saturated)', ms(ours.result.result.p99)],
      [
        'nginx throughput',
        theirs
          ? `${perSec(theirs.result.result.perSecond)} (load ${theirs.load.toFixed(1)})`
          : 'nginx not installed (apt-get install nginx-light)',
      ],
      [
        'nginx CPU per request',
        theirs ? `${cpuPerRequest(theirs.result)} (load ${theirs.load.toFixed(1)})` : 'n/a',
      ],
      ['CPU per request nginx/mintcast', theirs ? cpuRatio(ours, theirs) : 'n/a'],
      [
        'ratio mintcast/nginx',
        theirs
          ? ratioUnderLoad(
              { value: ours.result.result.perSecond, load: ours.load },
              { value: theirs.result.result.perSecond, load: theirs.load },
              '(budget ≥ 0.50)',
            )
          : 'n/a',
      ],
      [
        'p99 at 1,000 req/s (wrk, paced)',
        `${ms(steady.p99)} (budget ≤ 20 ms; p50 ${ms(steady.p50)}, ${perSec(steady.perSecond)} achieved)`,
      ],
      [
        'non-2xx / socket errors (saturated)',
        `${ours.result.result.non2xx} / ${ours.result.result.socketErrors}`,
      ],
    ]);
  } finally {
    await stopServer(server);
  }
}
printMachineLoad('end');
