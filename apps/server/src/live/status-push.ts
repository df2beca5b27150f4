import { statusChannelForMint, type TStream } from '@mintcast/contracts';
import { z } from 'zod';
import type { Hub } from '../realtime/hub.ts';
import type { PubSub } from '../realtime/pubsub.ts';
import type { StreamsService } from '../streams/streams.service.ts';

export const STATUS_TOPIC = 'stream_status';

/** `{ m: mint, l: live, v: viewers }`: short keys, one NOTIFY per change. */
const ZStatusNote = z.object({ m: z.string(), l: z.boolean(), v: z.number().int().min(0) });

/**
 * Pushes a stream's live flag and viewer count to pages open on it (channel `stream_status_{mint}`) the
 * moment any instance changes them: webhooks, the creator's live switch, reconciliation. Every change
 * goes through NOTIFY, so a viewer connected to another instance hears it too.
 *
 * Streams change for other reasons as well (market cap, thumbnails): only a change of the two fields
 * is announced. What was last announced per mint is kept from the notifications every instance hears,
 * so instances agree on it and a quiet stream costs nothing.
 */
export const createStatusPush = (deps: {
  streams: Pick<StreamsService, 'onChange'>;
  pubsub: PubSub;
  hub: Pick<Hub, 'deliver'>;
  onError: (err: unknown) => void;
}) => {
  const announced = new Map<string, string>();
  const key = (live: boolean, viewers: number) => `${live}:${viewers}`;

  const received = (payload: string) => {
    let note: z.infer<typeof ZStatusNote>;
    try {
      note = ZStatusNote.parse(JSON.parse(payload));
    } catch {
      return;
    }
    announced.set(note.m, key(note.l, note.v));
    const channel = statusChannelForMint(note.m);
    deps.hub.deliver(channel, {
      type: 'stream_status',
      channel,
      mint: note.m,
      live: note.l,
      viewers: note.v,
    });
  };

  const changed = (s: TStream) => {
    const now = key(s.is_currently_live, s.num_participants);
    if (announced.get(s.mint) === now) return;
    announced.set(s.mint, now);
    const note = JSON.stringify({ m: s.mint, l: s.is_currently_live, v: s.num_participants });
    deps.pubsub.publish(STATUS_TOPIC, note).catch(deps.onError);
  };

  let unlisten: (() => Promise<void>) | undefined;
  let unsubscribe: (() => void) | undefined;
  return {
    async start(): Promise<void> {
      unlisten = await deps.pubsub.subscribe(STATUS_TOPIC, received);
      unsubscribe = deps.streams.onChange(changed);
    },
    async stop(): Promise<void> {
      unsubscribe?.();
      await unlisten?.();
    },
  };
};
