/**
 * Child process of `recording-cost.ts`: the embedded media server with a recordings folder and a synthetic
 * 2 Mb/s VP8 host publishing into it (werift, as `bench/media/media-server-child.ts` does: across two processes
 * that werift publisher never connected). Sends `{ url }` once the host publishes and `{ published }` (RTP
 * packets sent so far) on `stats`; `close` ends it.
 */
import { startMediaServer } from '../../apps/media/src/index.ts';
import { WeriftPublisher } from '../../apps/media/test/helpers/werift-publisher.ts';

const keys = JSON.parse(process.env.BENCH_KEYS ?? '{}') as Record<string, string>;
const server = await startMediaServer({
  port: 0,
  host: '127.0.0.1',
  keys,
  logLevel: 'warn',
  recordingsDir: process.env.BENCH_RECORDINGS_DIR as string,
});
const publisher = new WeriftPublisher(server.url, process.env.BENCH_HOST_TOKEN as string);
await publisher.start(Number(process.env.BENCH_PUBLISHER_KBPS ?? 2_000));
process.send?.({ url: server.url });
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'stats') process.send?.({ published: publisher.sent });
  if (msg.cmd === 'close') {
    publisher.close();
    void server.close().then(() => process.exit(0));
  }
});
