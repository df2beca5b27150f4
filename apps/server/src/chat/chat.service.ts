import type { TChatHistory, TChatHistoryQuery, TChatMessage, TChatMute } from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import type { ChatPostCheck, ChatRules } from '../moderation/chat-rules.service.ts';
import type { ModerationLog } from '../moderation/moderation-log.repository.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES, type PubSub } from '../realtime/pubsub.ts';
import type { ChatRepository } from './chat.repository.ts';
import { CHAT_TOPIC, deletedPayload } from './chat-notification.ts';
import { toChatMessage } from './chat-row.ts';

const STREAM_NOT_FOUND = 'Stream Not Found';

/** A moderator tried to delete a message of the stream's creator. */
export const CREATOR_MESSAGE_PROTECTED = 'creator_message_protected';

/**
 * Chat: history, posting (every rule is the chat rules' decision, shared with tips; the author profile is
 * the server's) and moderation by the creator, the moderators and the site's admins.
 */
export const createChatService = (
  repo: ChatRepository,
  pubsub: Pick<PubSub, 'channelOf'>,
  opts: {
    rules: ChatRules;
    access: Access;
    log: Pick<ModerationLog, 'add'>;
    now: () => number;
    /** The holder chat modes (holders only, slow mode for non-holders): holder-chat/holder-chat.policy.ts. */
    holderCheck?: ChatPostCheck;
  },
) => {
  const channel = pubsub.channelOf(CHAT_TOPIC);
  const { rules, access, log, now, holderCheck } = opts;

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

    /**
     * Post a message: two statements (the rules' one read of stream and author, then insert + NOTIFY).
     * Returns the message as JSON text, built once by the insert for the NOTIFY and the answer alike.
     */
    async post(actor: string, mint: string, content: string): Promise<string> {
      const admitted = await rules.admit(actor, mint, content, holderCheck);
      if (!admitted) throw notFound(STREAM_NOT_FOUND);
      const { json } = await repo.insertAndNotify(
        {
          stream_id: mint,
          user_address: actor,
          username: admitted.username,
          profile_image: admitted.profileImage,
          content,
          created_at: admitted.at,
        },
        channel,
        NOTIFY_MAX_PAYLOAD_BYTES,
      );
      return json;
    },

    /**
     * Delete a message: the creator and the site's admins may delete any; a moderator any but the creator's
     * own (a moderator moderates the audience, not the host).
     */
    async remove(actor: string, mint: string, id: string): Promise<void> {
      if (!access.isAdmin(actor)) {
        const role = await access.requireStaff(actor, mint);
        if (role === 'moderator') {
          const target = await repo.messageAuthor(mint, id);
          if (target?.creator_address && target.user_address === target.creator_address) {
            throw new AppError(
              403,
              CREATOR_MESSAGE_PROTECTED,
              "Moderators cannot delete the stream creator's messages",
            );
          }
        }
      }
      const removed = await repo.remove(mint, id, { channel, payloadOf: (i) => deletedPayload(mint, i) });
      if (!removed) throw notFound('Message not found');
      await log.add({
        mint,
        actor,
        action: 'delete_message',
        target: removed.user_address,
        detail: removed.content,
      });
    },

    async mute(actor: string, mint: string, address: string, minutes: number): Promise<TChatMute> {
      await access.requireStaff(actor, mint);
      if (address === actor) throw badRequest('You cannot mute yourself');
      if ((await access.role(mint, address)) !== 'viewer')
        throw badRequest('The creator and moderators cannot be timed out');
      const until = new Date(now() + minutes * 60_000);
      const row = await repo.upsertMute(mint, address, until, actor);
      await log.add({ mint, actor, action: 'timeout', target: address, detail: `${minutes} min` });
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
