/**
 * Child process running the SFU, so the benchmark can read its CPU time without the viewers'
 * share. Sends `{ url }` once ready and answers `cpu` with process.cpuUsage().
 *
 * With BENCH_PUBLISHER_TOKEN set it also runs the synthetic werift publisher here: across two
 * processes that werift-to-werift publisher connection never reached `connected` on this machine
 * (not understood yet). Its sending cost is a constant added to every step, so the marginal
 * per-packet figure between steps still excludes it.
 */
import { startMediaServer } from '../../apps/media/src/index.ts';
import { WeriftPublisher } from '../../apps/media/test/helpers/werift-publisher.ts';

const keys = JSON.parse(process.env.BENCH_KEYS ?? '{}') as Record<string, string>;
const server = await startMediaServer({ port: 0, host: '127.0.0.1', keys, logLevel: 'warn' });
const token = process.env.BENCH_PUBLISHER_TOKEN;
const publisher = token ? new WeriftPublisher(server.url, token) : undefined;
await publisher?.start(Number(process.env.BENCH_PUBLISHER_KBPS ?? 2_000));
process.send?.({ url: server.url });
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage(), published: publisher?.sent ?? 0 });
  if (msg.cmd === 'close') {
    publisher?.close();
    void server.close().then(() => process.exit(0));
  }
});
