import {
  chatChannelForMint,
  type TChatRules,
  type THolderChatSettings,
  type TRealtimeEvent,
  ZChatRules,
  ZHolderChatSettings,
} from '@mintcast/contracts';
import { z } from 'zod';

/** The pub/sub topic of moderation changes every instance pushes to its open chats. */
export const MODERATION_TOPIC = 'moderation';

const ZNotification = z.discriminatedUnion('k', [
  z.object({ k: z.literal('rules'), mint: z.string(), rules: ZChatRules }),
  z.object({ k: z.literal('clear'), mint: z.string() }),
  /** The holder chat's settings (holder-chat.service.ts). */
  z.object({ k: z.literal('holder'), mint: z.string(), settings: ZHolderChatSettings }),
  /** A wallet's messages are hidden in one chat (mint) or in every chat (null: a site-wide ban). */
  z.object({ k: z.literal('hide'), mint: z.string().nullable(), address: z.string() }),
]);
export type ModerationNotification = z.infer<typeof ZNotification>;

export const rulesChanged = (mint: string, rules: TChatRules): ModerationNotification => ({
  k: 'rules',
  mint,
  rules,
});

export const holderChatChanged = (mint: string, settings: THolderChatSettings): ModerationNotification => ({
  k: 'holder',
  mint,
  settings,
});

/**
 * The realtime events for one NOTIFY payload. `localChannels` is this instance's subscribed chat channels,
 * for the events that concern every chat. Unusable payloads give nothing.
 */
export const toModerationEvents = (payload: string, localChannels: () => string[]): TRealtimeEvent[] => {
  let n: ModerationNotification;
  try {
    n = ZNotification.parse(JSON.parse(payload));
  } catch {
    return [];
  }
  switch (n.k) {
    case 'rules':
      return [{ type: 'chat_rules', channel: chatChannelForMint(n.mint), rules: n.rules }];
    case 'holder':
      return [{ type: 'holder_chat', channel: chatChannelForMint(n.mint), settings: n.settings }];
    case 'clear':
      return [{ type: 'chat_cleared', channel: chatChannelForMint(n.mint) }];
    case 'hide': {
      const channels = n.mint
        ? [chatChannelForMint(n.mint)]
        : localChannels().filter((c) => c.startsWith('stream_chat_'));
      return channels.map((channel) => ({ type: 'author_hidden', channel, address: n.address }));
    }
  }
};
