/**
 * Child process running the SFU alone, so the benchmark can read its CPU time without the
 * load generators' share. Sends `{ url }` once listening and answers `cpu` with process.cpuUsage().
 */
import { startMediaServer } from '../../apps/media/src/index.ts';

const keys = JSON.parse(process.env.BENCH_KEYS ?? '{}') as Record<string, string>;
const server = await startMediaServer({ port: 0, host: '127.0.0.1', keys, logLevel: 'warn' });
process.send?.({ url: server.url });
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (msg.cmd === 'close') void server.close().then(() => process.exit(0));
});
