import { isNotificationsChannel, notificationsChannelFor, type TStream } from '@mintcast/contracts';
import { z } from 'zod';
import type { Hub } from '../realtime/hub.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { StreamsService } from '../streams/streams.service.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

export const GO_LIVE_TOPIC = 'go_live';

/** `{ m: mint, n: name, s: symbol, i: image, c: creator }`: one NOTIFY per broadcast that starts. */
const ZGoLiveNote = z.object({
  m: z.string(),
  n: z.string(),
  s: z.string(),
  i: z.string(),
  c: z.string().nullable(),
});

/**
 * Go-live notifications: when a stream goes live (on whichever instance its creator flipped the flag), every
 * instance tells the followers of that stream who have the site open on it — wallets subscribed to their own
 * `notifications_{address}` channel — with a `stream_went_live` event. Each instance asks the database only
 * about the wallets connected to it, so a stream with many followers costs one small query per instance.
 * Whether a toast or a sound follows is the reader's setting (Settings, kept in the browser).
 */
export const createGoLivePush = (deps: {
  streams: Pick<StreamsService, 'onWentLive'>;
  repo: NotificationsRepository;
  pubsub: PubSub;
  hub: Pick<Hub, 'deliver' | 'localChannels'>;
  onError: (err: unknown) => void;
}) => {
  const prefixLength = notificationsChannelFor('').length;

  const deliver = async (note: z.infer<typeof ZGoLiveNote>) => {
    const connected = deps.hub
      .localChannels()
      .filter(isNotificationsChannel)
      .map((c) => c.slice(prefixLength))
      .filter((address) => address !== note.c); // the creator knows
    const followers = await deps.repo.followersAmong(note.m, connected);
    for (const address of followers) {
      const channel = notificationsChannelFor(address);
      deps.hub.deliver(channel, {
        type: 'stream_went_live',
        channel,
        mint: note.m,
        name: note.n,
        symbol: note.s,
        image_uri: note.i,
      });
    }
  };

  const received = (payload: string) => {
    let note: z.infer<typeof ZGoLiveNote>;
    try {
      note = ZGoLiveNote.parse(JSON.parse(payload));
    } catch {
      return;
    }
    deliver(note).catch(deps.onError);
  };

  const wentLive = (s: TStream) => {
    const note = { m: s.mint, n: s.name, s: s.symbol, i: s.image_uri, c: s.creator_address };
    deps.pubsub.publish(GO_LIVE_TOPIC, JSON.stringify(note)).catch(deps.onError);
  };

  let unlisten: (() => Promise<void>) | undefined;
  let unsubscribe: (() => void) | undefined;
  return {
    async start(): Promise<void> {
      unlisten = await deps.pubsub.subscribe(GO_LIVE_TOPIC, received);
      unsubscribe = deps.streams.onWentLive(wentLive);
    },
    async stop(): Promise<void> {
      unsubscribe?.();
      await unlisten?.();
    },
  };
};
