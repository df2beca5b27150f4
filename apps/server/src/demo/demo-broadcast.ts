import { readFile } from 'node:fs/promises';
import { roomNameForMint } from '@mintcast/contracts';
import { createLeaderLock } from '../db/advisory-lock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { featuredDemoStreams } from '../db/seed.ts';
import type { MediaWhip } from '../ingest/media-whip.ts';
import { mintWhipHostToken } from '../ingest/whip-host-token.ts';
import type { MediaGateway } from '../live/media-gateway.ts';
import { startDemoPublisher } from './demo-publisher.ts';
import { parseIvf } from './ivf.ts';

/** How many of the featured demo streams broadcast: a home page with some live and some offline. */
export const DEMO_LIVE_STREAMS = 4;
const LEAD_CHECK_MS = 30_000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * The demo streams' broadcast: while `npm run seed`'s streams are in the database, the instance that leads
 * `demo-broadcast` publishes a looped clip into the first {@link DEMO_LIVE_STREAMS} of them over the embedded
 * media server's WHIP endpoint, as their creator. They go live the way any ingest does (the media server's
 * webhook), so the live flag, viewer counts and the player are the real ones.
 */
export const startDemoBroadcast = (opts: {
  database: DatabaseHandle;
  gateway: Pick<MediaGateway, 'mintToken' | 'listParticipants'>;
  media: MediaWhip;
  clipPath: string;
  log: Log;
}) => {
  const lock = createLeaderLock(opts.database, 'demo-broadcast');
  const publishers: { close(): Promise<void> }[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const demoRows = async () => {
    const mints = featuredDemoStreams()
      .slice(0, DEMO_LIVE_STREAMS)
      .map((s) => s.mint);
    return opts.database.db
      .selectFrom('streams')
      .select(['mint', 'creator_address'])
      .where('mint', 'in', mints)
      .where('creator_address', 'is not', null)
      .execute();
  };

  const begin = async () => {
    const rows = await demoRows();
    if (rows.length === 0 || stopped) return;
    const clip = parseIvf(await readFile(opts.clipPath));
    for (const { mint, creator_address } of rows) {
      const creator = creator_address as string;
      const room = roomNameForMint(mint);
      publishers.push(
        startDemoPublisher({
          clip,
          connect: async (offer) => {
            const token = await mintWhipHostToken(opts.gateway, mint, creator);
            const res = await opts.media.offer(token, offer);
            if (res.status !== 201 || !res.sessionId)
              throw new Error(`media server answered the demo offer with ${res.status}: ${res.body}`);
            const sessionId = res.sessionId;
            return { answer: res.body, stop: async () => void (await opts.media.stop(token, sessionId)) };
          },
          stillPublishing: async () =>
            (await opts.gateway.listParticipants(room)).some((p) => p.identity === creator),
          retryDelayMs: (n) => Math.min(30_000, 1_000 * 2 ** (n - 1)),
          checkEveryMs: 10_000,
          onError: (err) => opts.log.warn({ err, mint }, 'demo broadcast: publisher restarting'),
        }),
      );
    }
    opts.log.info({ streams: rows.length }, 'demo broadcast: publishing a test clip into the demo streams');
  };

  // Take the lead now, or when the instance holding it goes away.
  const tryLead = () => {
    lock.acquire().then(
      async (lead) => {
        if (!lead || stopped) return;
        clearInterval(timer);
        await begin();
      },
      (err: unknown) => opts.log.warn({ err }, 'demo broadcast: leader lock unavailable'),
    );
  };
  tryLead();
  timer = setInterval(tryLead, LEAD_CHECK_MS);
  timer.unref();

  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await Promise.all(publishers.map((p) => p.close()));
      await lock.release();
    },
  };
};
