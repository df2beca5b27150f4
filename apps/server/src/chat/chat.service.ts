import type { TChatHistory, TChatHistoryQuery, TChatMessage, TChatMute } from '@mintcast/contracts';
import { AppError, badRequest, notFound, tooManyRequests } from '../http/errors.ts';
import type { ChatRules } from '../moderation/chat-rules.service.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES, type PubSub } from '../realtime/pubsub.ts';
import type { StreamAccess } from '../streams/stream-access.ts';
import type { ChatRepository } from './chat.repository.ts';
import { CHAT_TOPIC, deletedPayload } from './chat-notification.ts';
import { toChatMessage } from './chat-row.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

/** Chat posting limit per address: 20 messages per 30 s (across instances), bursts of 5 (per instance). */
export const CHAT_RATE_LIMIT = { burst: 5, perWindow: 20, windowMs: 30_000 } as const;

const STREAM_NOT_FOUND = 'Stream Not Found';

/**
 * Chat: history, posting (the stream's chat rules, timeouts, rate limit, server-side author profile) and
 * moderation by the creator and the moderators.
 */
export const createChatService = (
  repo: ChatRepository,
  pubsub: Pick<PubSub, 'channelOf'>,
  opts: { limiter?: RateLimiter; rules: ChatRules; access: StreamAccess; now: () => number },
) => {
  const limiter = opts.limiter ?? createRateLimiter(CHAT_RATE_LIMIT);
  const channel = pubsub.channelOf(CHAT_TOPIC);
  const { rules, access, now } = opts;
  const minutesLeft = (until: Date): number => Math.max(1, Math.ceil((until.getTime() - now()) / 60_000));

  const requireStream = async (mint: string) => {
    const stream = await repo.streamCreator(mint);
    if (!stream) throw notFound(STREAM_NOT_FOUND);
    return stream;
  };

  return {
    async history(mint: string, query: TChatHistoryQuery): Promise<TChatHistory> {
      const rows = await repo.history(mint, query.limit, query.before);
      if (rows.length === 0) await requireStream(mint);
      const last = rows.at(-1);
      return {
        // A banned author's tip stays a tip (the money was sent), without the words they were banned for.
        items: rows.map(({ author_banned, ...row }) => ({
          ...toChatMessage(row),
          ...(author_banned ? { content: '' } : {}),
        })),
        nextBefore: last && rows.length === query.limit ? String(last.id) : null,
      };
    },

    async post(actor: string, mint: string, content: string): Promise<TChatMessage> {
      await rules.check(actor, mint, content);
      const at = new Date(now());
      const context = await repo.postContext(
        mint,
        actor,
        { count: CHAT_RATE_LIMIT.perWindow, windowMs: CHAT_RATE_LIMIT.windowMs },
        at,
      );
      if (!context) throw notFound(STREAM_NOT_FOUND);
      if (context.muted_until) {
        const n = minutesLeft(new Date(context.muted_until));
        throw new AppError(
          403,
          'muted',
          `You are muted in this chat by the host for ${n} more minute${n === 1 ? '' : 's'}`,
        );
      }
      // Bursts are held back by this instance's token bucket; the 20 per 30 s holds across instances
      // because it is counted in the database, where every instance's messages are.
      const globalWaitMs = context.limit_wait_ms ?? 0;
      const waitMs = globalWaitMs > 0 ? globalWaitMs : limiter.take(actor);
      if (waitMs > 0) {
        throw tooManyRequests(
          `You are sending messages too fast. Try again in ${Math.ceil(waitMs / 1000)} s`,
        );
      }
      const row = await repo.insertAndNotify(
        {
          stream_id: mint,
          user_address: actor,
          username: context.username ?? null,
          profile_image: context.profile_image ?? null,
          content,
          created_at: at,
        },
        channel,
        NOTIFY_MAX_PAYLOAD_BYTES,
      );
      return toChatMessage(row);
    },

    async remove(actor: string, mint: string, id: string): Promise<void> {
      await access.requireStaff(actor, mint);
      const removed = await repo.remove(mint, id, { channel, payloadOf: (i) => deletedPayload(mint, i) });
      if (!removed) throw notFound('Message not found');
    },

    async mute(actor: string, mint: string, address: string, minutes: number): Promise<TChatMute> {
      await access.requireStaff(actor, mint);
      if (address === actor) throw badRequest('You cannot mute yourself');
      if ((await access.role(mint, address)) !== 'viewer')
        throw badRequest('The creator and moderators cannot be timed out');
      const until = new Date(now() + minutes * 60_000);
      const row = await repo.upsertMute(mint, address, until, actor);
      return {
        stream_id: row.stream_id,
        address: row.user_address,
        muted_until: new Date(row.muted_until).toISOString(),
      };
    },

    async findMessage(id: string): Promise<TChatMessage | undefined> {
      const row = await repo.findById(id);
      return row ? toChatMessage(row) : undefined;
    },
  };
};

export type ChatService = ReturnType<typeof createChatService>;
