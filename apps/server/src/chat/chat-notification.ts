import {
  chatChannelForMint,
  type TChatMessage,
  type TRealtimeEvent,
  ZChatMessage,
} from '@mintcast/contracts';
import { z } from 'zod';

/** The pub/sub topic every instance listens on for chat changes. */
export const CHAT_TOPIC = 'chat';

const ZNotification = z.discriminatedUnion('k', [
  z.object({ k: z.literal('ins'), m: ZChatMessage }),
  /** A message too big for one NOTIFY: receivers fetch the row by id. */
  z.object({ k: z.literal('ins_ref'), mint: z.string(), id: z.string() }),
  z.object({ k: z.literal('del'), mint: z.string(), id: z.string() }),
]);

export const deletedPayload = (mint: string, id: string): string => JSON.stringify({ k: 'del', mint, id });

/** Turn a NOTIFY payload into the realtime event for the stream's channel (null: unusable or gone). */
export const toRealtimeEvent = async (
  payload: string,
  fetchMessage: (id: string) => Promise<TChatMessage | undefined>,
): Promise<TRealtimeEvent | null> => {
  let parsed: z.infer<typeof ZNotification>;
  try {
    parsed = ZNotification.parse(JSON.parse(payload));
  } catch {
    return null;
  }
  switch (parsed.k) {
    case 'ins':
      return {
        type: 'message_inserted',
        channel: chatChannelForMint(parsed.m.stream_id),
        message: parsed.m,
      };
    case 'ins_ref': {
      const message = await fetchMessage(parsed.id);
      if (!message) return null; // deleted before we fetched it; a deletion event follows
      return { type: 'message_inserted', channel: chatChannelForMint(parsed.mint), message };
    }
    case 'del':
      return { type: 'message_deleted', channel: chatChannelForMint(parsed.mint), id: parsed.id };
  }
};
