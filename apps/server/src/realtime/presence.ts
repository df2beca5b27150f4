import { isNotificationsChannel } from '@mintcast/contracts';
import { z } from 'zod';
import type { Hub } from './hub.ts';
import { NOTIFY_MAX_PAYLOAD_BYTES, type PubSub } from './pubsub.ts';

export const PRESENCE_TOPIC = 'presence';

export interface PresenceSettings {
  /** How often each instance re-announces its local counts (its liveness signal). */
  announceMs: number;
  /** Remote entries not re-announced within this time are dropped (their instance went quiet). */
  ttlMs: number;
  /** Local changes are batched for this long before being announced. */
  debounceMs: number;
  /**
   * Online-count pushes to a channel's subscribers are coalesced over this window: N viewers joining must
   * not cost N broadcasts to N sockets.
   */
  pushThrottleMs: number;
}

const ZAnnouncement = z.object({
  i: z.string(),
  c: z.array(z.tuple([z.string(), z.number().int().min(0)])),
});

/** Split [channel, count] entries into NOTIFY-sized announcements. */
export const chunkAnnouncements = (instanceId: string, entries: [string, number][]): string[] => {
  const out: string[] = [];
  let batch: [string, number][] = [];
  const budget = NOTIFY_MAX_PAYLOAD_BYTES - instanceId.length - 32;
  let size = 0;
  for (const entry of entries) {
    const n = JSON.stringify(entry).length + 1;
    if (size + n > budget && batch.length) {
      out.push(JSON.stringify({ i: instanceId, c: batch }));
      batch = [];
      size = 0;
    }
    batch.push(entry);
    size += n;
  }
  if (batch.length) out.push(JSON.stringify({ i: instanceId, c: batch }));
  return out;
};

/**
 * Online counts summed across instances: each instance announces its local subscriber counts through
 * the pub/sub (on change, and every `announceMs` as a heartbeat); totals are pushed to local subscribers
 * whenever they change.
 */
export const createPresence = (opts: {
  hub: Hub;
  pubsub: PubSub;
  instanceId: string;
  settings: PresenceSettings;
  onError: (err: unknown) => void;
}) => {
  const { hub, pubsub, instanceId, settings } = opts;
  const remote = new Map<string, Map<string, { count: number; at: number }>>();
  const lastPushed = new Map<string, number>();
  const dirty = new Set<string>();
  let debounce: NodeJS.Timeout | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;

  /** A wallet's own notifications channel has no audience worth counting across instances. */
  const counted = (channels: string[]) => channels.filter((c) => !isNotificationsChannel(c));

  const total = (channel: string): number => {
    let sum = hub.localCount(channel);
    for (const e of remote.get(channel)?.values() ?? []) sum += e.count;
    return sum;
  };

  const pendingPush = new Set<string>();
  let pushTimer: NodeJS.Timeout | undefined;
  const totalListeners = new Set<(channel: string) => void>();
  const flushPushes = () => {
    pushTimer = undefined;
    const channels = [...pendingPush];
    pendingPush.clear();
    for (const channel of channels) {
      pushNow(channel);
      for (const listener of totalListeners) listener(channel);
    }
  };
  const push = (channel: string) => {
    pendingPush.add(channel);
    pushTimer ??= setTimeout(flushPushes, settings.pushThrottleMs);
  };

  const pushNow = (channel: string) => {
    if (hub.localCount(channel) === 0) {
      lastPushed.delete(channel);
      return;
    }
    const online = total(channel);
    if (lastPushed.get(channel) === online) return;
    lastPushed.set(channel, online);
    hub.deliver(channel, { type: 'presence', channel, online });
  };

  const announce = (entries: [string, number][]) => {
    for (const payload of chunkAnnouncements(instanceId, entries)) {
      pubsub.publish(PRESENCE_TOPIC, payload).catch(opts.onError);
    }
  };

  const flush = () => {
    debounce = undefined;
    const entries = [...dirty].map((c): [string, number] => [c, hub.localCount(c)]);
    dirty.clear();
    if (entries.length) announce(entries);
  };

  const received = (payload: string) => {
    let msg: z.infer<typeof ZAnnouncement>;
    try {
      msg = ZAnnouncement.parse(JSON.parse(payload));
    } catch {
      return;
    }
    if (msg.i === instanceId) return;
    const now = Date.now();
    for (const [channel, count] of msg.c) {
      let byInstance = remote.get(channel);
      if (count === 0) byInstance?.delete(msg.i);
      else {
        if (!byInstance) {
          byInstance = new Map();
          remote.set(channel, byInstance);
        }
        byInstance.set(msg.i, { count, at: now });
      }
      if (byInstance?.size === 0) remote.delete(channel);
      push(channel);
    }
  };

  const tick = () => {
    const now = Date.now();
    for (const [channel, byInstance] of remote) {
      for (const [id, e] of byInstance) if (now - e.at > settings.ttlMs) byInstance.delete(id);
      if (byInstance.size === 0) remote.delete(channel);
      push(channel);
    }
    announce(counted(hub.localChannels()).map((c): [string, number] => [c, hub.localCount(c)]));
  };

  const restartTicker = () => {
    clearInterval(ticker);
    ticker = setInterval(tick, settings.announceMs);
    ticker.unref();
  };

  hub.onCountChange((channel) => {
    if (isNotificationsChannel(channel)) return;
    push(channel);
    dirty.add(channel);
    debounce ??= setTimeout(flush, settings.debounceMs);
  });

  return {
    settings,
    total,
    /** Every channel with a subscriber on this instance or, as last announced, on another. */
    channels(): string[] {
      return [...new Set([...hub.localChannels(), ...remote.keys()])];
    },
    /**
     * Called (at most once per `pushThrottleMs` per channel) when a channel's total may have changed, whether
     * or not this instance has a subscriber of it.
     */
    onTotalChange(listener: (channel: string) => void): () => void {
      totalListeners.add(listener);
      return () => totalListeners.delete(listener);
    },
    async start() {
      unsubscribe = await pubsub.subscribe(PRESENCE_TOPIC, received);
      restartTicker();
    },
    tune(next: Partial<PresenceSettings>) {
      Object.assign(settings, next);
      if (ticker) restartTicker();
    },
    /** Tell the other instances this one is gone, then stop listening. */
    async stop() {
      clearInterval(ticker);
      clearTimeout(pushTimer);
      clearTimeout(debounce);
      const mine = new Set([...hub.localChannels(), ...dirty]);
      const zeros = [...mine].map((c): [string, number] => [c, 0]);
      await Promise.all(
        chunkAnnouncements(instanceId, zeros).map((p) =>
          pubsub.publish(PRESENCE_TOPIC, p).catch(() => undefined),
        ),
      );
      await unsubscribe?.();
    },
  };
};

export type Presence = ReturnType<typeof createPresence>;
