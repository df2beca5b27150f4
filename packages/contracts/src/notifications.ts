import { z } from 'zod';

/** How many entries `GET /api/notifications` returns at most (the newest). */
export const NOTIFICATION_LIST_LIMIT = 30;
/** How far back a followed stream's go-live stays in the list. */
export const NOTIFICATION_LIVE_WINDOW_DAYS = 7;

const stream = { mint: z.string(), name: z.string(), symbol: z.string() };

/**
 * One entry of the bell's list (issue 29): a followed stream went live, a tip arrived on one of the wallet's
 * streams, a report the wallet filed was handled, or a
 * broadcast it asked to be reminded of is about to start. `at` is ISO 8601.
 */
export const ZNotification = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('live'), at: z.string(), ...stream, live: z.boolean() }),
  z.object({
    kind: z.literal('tip'),
    at: z.string(),
    ...stream,
    from_address: z.string(),
    username: z.string().nullable(),
    amount_wei: z.string(),
  }),
  z.object({ kind: z.literal('report'), at: z.string(), ...stream, reason: z.string() }),
  /** A broadcast the wallet asked to be reminded of starts soon (`at`: when the reminder fell due). */
  z.object({
    kind: z.literal('scheduled'),
    at: z.string(),
    ...stream,
    title: z.string(),
    starts_at: z.string(),
    live: z.boolean(),
  }),
]);
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /api/notifications`: the signed-in wallet's recent notifications, newest first. */
export const ZNotificationList = z.object({ items: z.array(ZNotification) });
export type TNotificationList = z.infer<typeof ZNotificationList>;
