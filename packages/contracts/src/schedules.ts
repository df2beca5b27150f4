import { z } from 'zod';
import { format, isBoundedIsoDate, ZText } from './text.ts';

/**
 * Scheduled streams (issue 35 item 3): a creator announces the next broadcast of a stream (a time and a title);
 * its page, the creator's page and home's "Upcoming" row show it with a countdown, "Remind me" and an `.ics`.
 */

export const SCHEDULE_TITLE_MAX = 100;
/** How far ahead a broadcast may be scheduled. */
export const SCHEDULE_MAX_AHEAD_DAYS = 365;
/** A scheduled broadcast that never started stays listed this long after its time, then disappears. */
export const SCHEDULE_GRACE_MINUTES = 60;
/** Reminders (Web Push, the bell) go out this long before the scheduled time. */
export const SCHEDULE_REMINDER_LEAD_MINUTES = 5;
/** Upcoming broadcasts listed at most (home's row, a creator's page). */
export const SCHEDULE_LIST_LIMIT = 12;

/** `PUT /api/streams/{mint}/schedule`: when (ISO 8601 with an offset) and what. */
export const ZScheduleBody = z.object({
  starts_at: format(
    'date-time',
    z
      .string()
      .max(40, 'starts_at must be an ISO 8601 date-time')
      .refine(isBoundedIsoDate, 'starts_at must be an ISO 8601 date-time such as 2030-01-31T18:00:00Z'),
  ),
  title: ZText({
    kind: 'line',
    min: 1,
    max: SCHEDULE_TITLE_MAX,
    minMessage: 'Give the broadcast a title',
    maxMessage: `The title is at most ${SCHEDULE_TITLE_MAX} characters`,
  }),
});
export type TScheduleBody = z.input<typeof ZScheduleBody>;

/** One scheduled broadcast, with the stream it belongs to. `live`: the stream is live now (link straight to it). */
export const ZSchedule = z.object({
  mint: z.string(),
  title: z.string(),
  starts_at: z.string(),
  name: z.string(),
  symbol: z.string(),
  image_uri: z.string(),
  creator_address: z.string().nullable(),
  live: z.boolean(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** `GET /api/streams/{mint}/schedule`: the stream's next broadcast (null: none), and whether the wallet asked to be reminded. */
export const ZStreamSchedule = z.object({ schedule: ZSchedule.nullable(), reminded: z.boolean() });
export type TStreamSchedule = z.infer<typeof ZStreamSchedule>;

/** `GET /api/schedules`: upcoming broadcasts, soonest first (site-wide, or one creator's). */
export const ZScheduleList = z.object({ items: z.array(ZSchedule) });
export type TScheduleList = z.infer<typeof ZScheduleList>;

/** What the service worker receives a few minutes before a broadcast someone asked to be reminded of. */
export const ZSchedulePushPayload = z.object({
  type: z.literal('schedule_reminder'),
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  image_uri: z.string(),
  title: z.string(),
  starts_at: z.string(),
  url: z.string(),
});
export type TSchedulePushPayload = z.infer<typeof ZSchedulePushPayload>;

export const scheduleIcsPath = (mint: string): string => `/api/streams/${mint}/schedule.ics`;
