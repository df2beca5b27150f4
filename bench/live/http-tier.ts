/**
 * The HTTP tier (issue 33, decisions 026/027) of a browser broadcaster, measured end to end on this machine:
 * a Chromium host publishes its fake camera and microphone (VP8 simulcast + Opus) to the embedded media
 * server, a segments egress packages it with ffmpeg into HLS, and simulated HLS viewers poll the playlist and
 * fetch every new segment through nginx (Debian's, `proxy_cache` with `proxy_cache_lock`) in front of an origin
 * that serves the folder with the site's cache headers (playlist `max-age=1`, segments immutable).
 *
 * Prints, per phase (BENCH_HLS_VIEWERS, default "100,500"): origin requests per segment, origin bytes per
 * viewer and per segment, what viewers downloaded; and over the run: the time to the first playlist after the
 * egress starts, the packaging interval, each segment's age (its file's completion to the first viewer byte
 * through nginx: what the CDN adds), and ffmpeg's CPU. Glass-to-glass delay is not measured here (no
 * timestamped frames). Never asserts.
 *
 *   npx tsx bench/live/http-tier.ts        (BENCH_HLS_VIEWERS=100,500 BENCH_SECONDS=20)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SegmentedFileOutput } from '@livekit/protocol';
import { EgressClient } from 'livekit-server-sdk';
import { startMediaServer } from '../../apps/media/src/index.ts';
import { launchChromium } from '../../apps/media/test/helpers/browser.ts';
import { startStaticServer } from '../../apps/media/test/helpers/static-server.ts';
import { API_KEY, API_SECRET, joinToken, KEYS } from '../../apps/media/test/helpers/tokens.ts';
import { freePort } from '../../apps/server/test/support/free-port.ts';
import { printMachineLoad } from '../support/load.ts';
import { percentile } from '../support/percentile.ts';
import { processTreeCpuMs } from '../support/process-cpu.ts';

printMachineLoad();

const PHASES = (process.env.BENCH_HLS_VIEWERS ?? '100,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROOM = 'bench-http-tier';
const dir = mkdtempSync(join(tmpdir(), 'mintcast-bench-hls-'));
const folder = join(dir, 'hls/bench');

const media = await startMediaServer({
  port: 0,
  host: '127.0.0.1',
  keys: KEYS,
  logLevel: 'warn',
  recordingsDir: dir,
});
const web = await startStaticServer();
const browser = await launchChromium();
const host = await (await browser.newContext()).newPage();
await host.goto(web.url);
const token = await joinToken('host', ROOM, { canPublish: true }, { metadata: '{"role":"host"}' });
await host.evaluate(
  async ([url, t]) => {
    const g = globalThis as unknown as {
      lkJoin(u: string, t: string): Promise<void>;
      lk: { room: { localParticipant: { enableCameraAndMicrophone(): Promise<void> } } };
    };
    await g.lkJoin(url as string, t as string);
    await g.lk.room.localParticipant.enableCameraAndMicrophone();
  },
  [media.url, token],
);
await sleep(2_000); // the tracks' first packets (the egress records what is flowing)

// The origin: the folder with the site's headers (apps/server/src/http-tier/http-tier.routes.ts), counted.
const origin = { playlists: 0, segments: 0, bytes: 0 };
const originServer = createServer((req, res) => {
  const name = (req.url ?? '').split('/').pop() ?? '';
  const path = join(folder, name);
  if (!/^(index\.m3u8|[a-z0-9]+-\d+\.ts)$/.test(name) || !existsSync(path)) {
    res.writeHead(404, { 'cache-control': 'no-store' }).end();
    return;
  }
  const body = readFileSync(path);
  const playlist = name.endsWith('.m3u8');
  if (playlist) origin.playlists++;
  else origin.segments++;
  origin.bytes += body.length;
  res.writeHead(200, {
    'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
    'cache-control': playlist ? 'public, max-age=1' : 'public, max-age=31536000, immutable',
  });
  res.end(body);
});
await new Promise<void>((r) => originServer.listen(0, '127.0.0.1', () => r()));
const originPort = (originServer.address() as AddressInfo).port;

// nginx from Debian as the caching proxy (a CDN's stand-in): one upstream request per object at a time.
const nginxDir = mkdtempSync(join(tmpdir(), 'mintcast-bench-nginx-'));
const nginxPort = await freePort();
writeFileSync(
  join(nginxDir, 'nginx.conf'),
  `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
error_log ${nginxDir}/error.log warn;
pid ${nginxDir}/nginx.pid;
events { worker_connections 8192; }
http {
  access_log off;
  proxy_cache_path ${nginxDir}/cache levels=1 keys_zone=hls:10m max_size=200m;
  proxy_temp_path ${nginxDir}/tmp;
  client_body_temp_path ${nginxDir}/body;
  fastcgi_temp_path ${nginxDir}/fcgi; uwsgi_temp_path ${nginxDir}/uwsgi; scgi_temp_path ${nginxDir}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://127.0.0.1:${originPort};
      proxy_cache hls;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_http_version 1.1;
    }
  }
}
`,
);
const nginx: ChildProcess = spawn(
  'nginx',
  ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const proxy = `http://127.0.0.1:${nginxPort}`;
for (let i = 0; i < 50; i++) {
  if (
    await fetch(`${proxy}/x`).then(
      () => true,
      () => false,
    )
  )
    break;
  await sleep(100);
}

// The packager.
const egress = new EgressClient(media.url.replace(/^ws/, 'http'), API_KEY, API_SECRET);
const askedAt = performance.now();
const info = await egress.startParticipantEgress(ROOM, 'host', {
  segments: new SegmentedFileOutput({
    filenamePrefix: 'hls/bench/r',
    playlistName: 'index.m3u8',
    segmentDuration: 1,
  }),
});
const listed = (): string[] =>
  existsSync(join(folder, 'index.m3u8'))
    ? readFileSync(join(folder, 'index.m3u8'), 'utf8')
        .split('\n')
        .filter((l) => l.endsWith('.ts'))
    : [];
while (listed().length === 0) await sleep(50);
console.log(
  `first playlist ${((performance.now() - askedAt) / 1000).toFixed(1)} s after the egress was asked for`,
);
/** The packager's ffmpeg: a child of this process (the media server runs in it). */
const findFfmpeg = (): number | undefined => {
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    const kids = readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/);
    const pid = kids.find((p) => p && readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'ffmpeg');
    if (pid) return Number(pid);
  }
  return undefined;
};
const ffmpegPid = findFfmpeg() ?? -1;
console.log(`ffmpeg pid ${ffmpegPid}`);

/** When each segment was first listed, its file's completion time (ms, epoch), and its first viewer byte. */
const segmentSeen = new Map<string, { listedAt: number; writtenAt: number; firstViewerAt?: number }>();
const watcher = setInterval(() => {
  for (const s of listed())
    if (!segmentSeen.has(s)) {
      const writtenAt = (() => {
        try {
          return statSync(join(folder, s)).mtimeMs;
        } catch {
          return Date.now();
        }
      })();
      segmentSeen.set(s, { listedAt: Date.now(), writtenAt });
    }
}, 20);

/** Runs `viewers` simulated HLS viewers for `SECONDS` in a child process; what they downloaded. */
const runViewers = (viewers: number) =>
  new Promise<{
    bytes: number;
    errors: number;
    errorKinds: Record<string, number>;
    firstAt: Record<string, number>;
  }>((resolve, reject) => {
    const child = spawn(
      join(import.meta.dirname, '../../node_modules/.bin/tsx'),
      [
        join(import.meta.dirname, 'http-tier-viewers-child.ts'),
        `${proxy}/hls/bench/index.m3u8`,
        String(viewers),
        String(SECONDS),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`viewers exited ${code}`)),
    );
  });

const cpuAtStart = processTreeCpuMs(ffmpegPid);
const runStart = Date.now();
for (const viewers of PHASES) {
  const before = { ...origin };
  const got = await runViewers(viewers);
  for (const [name, at] of Object.entries(got.firstAt)) {
    const seen = segmentSeen.get(name);
    if (seen && seen.firstViewerAt === undefined) seen.firstViewerAt = at;
  }
  // Segments the viewers fetched (the packager's own count also covers the child's start-up).
  const segs = Object.keys(got.firstAt).length;
  const o = {
    playlists: origin.playlists - before.playlists,
    segments: origin.segments - before.segments,
    bytes: origin.bytes - before.bytes,
  };
  console.log(
    `${viewers} viewers, ${SECONDS} s, ${segs} segments fetched: origin ${o.segments} segment requests ` +
      `(${(o.segments / Math.max(segs, 1)).toFixed(2)} per segment), ${o.playlists} playlist requests ` +
      `(${(o.playlists / SECONDS).toFixed(1)}/s), origin ${(o.bytes / 1e6).toFixed(2)} MB = ` +
      `${(o.bytes / viewers / 1e3).toFixed(1)} kB per viewer; viewers got ${(got.bytes / 1e6).toFixed(1)} MB ` +
      `(${(got.bytes / Math.max(o.bytes, 1)).toFixed(0)}× the origin's bytes), ${got.errors} failed requests ${JSON.stringify(got.errorKinds)}`,
  );
}
clearInterval(watcher);
const cpuAtEnd = findFfmpeg() === ffmpegPid ? processTreeCpuMs(ffmpegPid) : null;
const seconds = (Date.now() - runStart) / 1000;
const entries = [...segmentSeen.values()].sort((a, b) => a.listedAt - b.listedAt);
const intervals = entries.slice(1).map((e, i) => e.listedAt - (entries[i]?.listedAt ?? e.listedAt));
const ages = entries.flatMap((e) => (e.firstViewerAt === undefined ? [] : [e.firstViewerAt - e.writtenAt]));
const fmt = (xs: number[]) =>
  `p50 ${percentile(xs, 50).toFixed(0)} / p95 ${percentile(xs, 95).toFixed(0)} / max ${Math.max(...xs).toFixed(0)} ms`;
console.log(`packaging interval (a new segment listed): ${fmt(intervals)} over ${entries.length} segments`);
console.log(`segment written → first viewer byte through nginx: ${fmt(ages)}`);
console.log(
  cpuAtStart === null || cpuAtEnd === null
    ? 'ffmpeg CPU: not measured (its process was not found, or was restarted during the run)'
    : `ffmpeg CPU: ${(((cpuAtEnd - cpuAtStart) / 1000 / seconds) * 100).toFixed(0)} % of one core over ${seconds.toFixed(0)} s`,
);
printMachineLoad('end');

await egress.stopEgress(info.egressId).catch(() => undefined);
nginx.kill('SIGTERM');
originServer.close();
await browser.close();
await web.close();
await media.close();
rmSync(dir, { recursive: true, force: true });
rmSync(nginxDir, { recursive: true, force: true });
