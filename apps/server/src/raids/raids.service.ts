import {
  RAID_ERRORS,
  RAID_RATE_LIMIT,
  shortenAddress,
  statusChannelForMint,
  type TRaidLine,
  type TRaidResult,
  type TRealtimeEvent,
} from '@mintcast/contracts';
import { z } from 'zod';
import type { Access } from '../access/access.ts';
import { createRateLimiter } from '../chat/rate-limiter.ts';
import { AppError } from '../http/errors.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { RaidsRepository } from './raids.repository.ts';

/** The pub/sub topic every instance listens on for raids (delivered to the raided stream's pages). */
export const RAID_TOPIC = 'raid';

const ZRaidNote = z.object({
  from: z.string(),
  to: z.string(),
  by: z.string(),
  viewers: z.number().int().min(0),
});

/** The realtime event a raid NOTIFY turns into, on the raiding stream's status channel (null: unusable). */
export const raidEventOf = (payload: string): TRealtimeEvent | null => {
  try {
    const note = ZRaidNote.parse(JSON.parse(payload));
    return { type: 'raid', channel: statusChannelForMint(note.from), ...note };
  } catch {
    return null;
  }
};

/** The line's English text as stored (the web renders it in each viewer's language from `raid`). */
export const raidLineText = (raid: TRaidLine): string =>
  `Raided by ${raid.by} with ${raid.viewers} viewer${raid.viewers === 1 ? '' : 's'}`;

/**
 * Raids: the creator of a live stream ends it by sending its audience to another live stream. In this order,
 * so that every page hears the raid before the offline status: the target's chat line (stored, NOTIFY), the
 * raid event (NOTIFY, every instance delivers it to the raiding stream's pages), then the stream goes offline
 * through the streams service (its status push, webhooks and recap as for any end).
 */
export const createRaidsService = (deps: {
  repo: RaidsRepository;
  access: Access;
  streams: Pick<StreamsService, 'setLive'>;
  pubsub: Pick<PubSub, 'publish' | 'channelOf'>;
  chatTopic: string;
  maxPayloadBytes: number;
  now: () => number;
}) => {
  const { repo } = deps;
  const limiter = createRateLimiter({ ...RAID_RATE_LIMIT, now: deps.now });

  return {
    async raid(actor: string, mint: string, to: string): Promise<TRaidResult> {
      await deps.access.requireCreator(actor, mint, 'Only the stream creator can raid from this stream');
      const wait = limiter.take(actor);
      if (wait > 0)
        throw new AppError(429, 'rate_limited', `Too many raids, retry in ${Math.ceil(wait / 1000)} s`);
      if (to === mint) throw new AppError(400, RAID_ERRORS.self, 'A stream cannot raid itself');
      const source = await repo.stream(mint);
      if (!source?.is_currently_live)
        throw new AppError(409, RAID_ERRORS.notLive, 'Your stream is not live: there is no audience to send');
      const target = await repo.stream(to);
      if (!target || target.hidden_at)
        throw new AppError(404, RAID_ERRORS.targetNotFound, 'No stream has that address');
      if (!target.is_currently_live)
        throw new AppError(409, RAID_ERRORS.targetNotLive, 'That stream is not live: raid a live stream');

      const username = await repo.username(actor);
      const raid: TRaidLine = {
        from: mint,
        name: source.name,
        symbol: source.symbol,
        by: username ?? shortenAddress(actor),
        viewers: source.num_participants,
      };
      await repo.postRaidLine({
        target: to,
        raider: { address: actor, username },
        raid,
        content: raidLineText(raid),
        channel: deps.pubsub.channelOf(deps.chatTopic),
        maxPayloadBytes: deps.maxPayloadBytes,
      });
      await deps.pubsub.publish(
        RAID_TOPIC,
        JSON.stringify({ from: mint, to, by: raid.by, viewers: raid.viewers }),
      );
      await deps.streams.setLive(actor, mint, false);
      return { to, viewers: raid.viewers };
    },
  };
};

export type RaidsService = ReturnType<typeof createRaidsService>;
