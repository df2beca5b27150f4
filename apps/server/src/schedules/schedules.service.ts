import {
  SCHEDULE_GRACE_MINUTES,
  SCHEDULE_LIST_LIMIT,
  SCHEDULE_MAX_AHEAD_DAYS,
  type TSchedule,
  type TStreamSchedule,
} from '@mintcast/contracts';
import type { Access } from '../access/access.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { icsCalendar } from './ics.ts';
import type { ScheduleRow, SchedulesRepository } from './schedules.repository.ts';

const MINUTE_MS = 60_000;
export const GRACE_MS = SCHEDULE_GRACE_MINUTES * MINUTE_MS;
const MAX_AHEAD_MS = SCHEDULE_MAX_AHEAD_DAYS * 24 * 60 * MINUTE_MS;
const REFUSAL = 'Only the stream creator can schedule its broadcasts';
const NONE = 'This stream has no upcoming broadcast';

const view = ({ created_at: _, ...schedule }: ScheduleRow): TSchedule => schedule;

/**
 * The rules of scheduled broadcasts: one upcoming broadcast per stream, set and cancelled by its creator only,
 * between now and a year ahead; shown until `SCHEDULE_GRACE_MINUTES` after its time whether or not it started
 * (live, it links to the stream, which is the same page); anyone signed in may ask to be reminded.
 */
export const createSchedulesService = (deps: {
  repo: SchedulesRepository;
  access: Pick<Access, 'requireCreator'>;
  publicOrigin: string;
  now: () => number;
}) => {
  const visibleAfter = () => new Date(deps.now() - GRACE_MS);

  const forViewer = async (mint: string, viewer: string | null): Promise<TStreamSchedule> => {
    const row = await deps.repo.find(mint, visibleAfter());
    if (!row) return { schedule: null, reminded: false };
    return { schedule: view(row), reminded: viewer ? await deps.repo.hasReminder(mint, viewer) : false };
  };

  return {
    get: forViewer,

    async list(creator?: string): Promise<TSchedule[]> {
      return (await deps.repo.list(visibleAfter(), SCHEDULE_LIST_LIMIT, creator)).map(view);
    },

    async set(
      actor: string,
      mint: string,
      input: { starts_at: string; title: string },
    ): Promise<TStreamSchedule> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      const startsAt = Date.parse(input.starts_at);
      const now = deps.now();
      if (startsAt <= now) throw badRequest('starts_at: the broadcast must be scheduled in the future');
      if (startsAt > now + MAX_AHEAD_MS)
        throw badRequest(
          `starts_at: a broadcast can be scheduled at most ${SCHEDULE_MAX_AHEAD_DAYS} days ahead`,
        );
      await deps.repo.upsert(mint, input.title, new Date(startsAt), new Date(now));
      return forViewer(mint, actor);
    },

    async cancel(actor: string, mint: string): Promise<TStreamSchedule> {
      await deps.access.requireCreator(actor, mint, REFUSAL);
      await deps.repo.remove(mint);
      return { schedule: null, reminded: false };
    },

    /** Ask (or stop asking) to be reminded; 404 when the stream has nothing scheduled. */
    async remind(actor: string, mint: string, on: boolean): Promise<TStreamSchedule> {
      const row = await deps.repo.find(mint, visibleAfter());
      if (!row) throw notFound(NONE);
      await deps.repo.setReminder(mint, actor, on);
      return { schedule: view(row), reminded: on };
    },

    /** The broadcast as an iCalendar file. */
    async ics(mint: string): Promise<string> {
      const row = await deps.repo.find(mint, visibleAfter());
      if (!row) throw notFound(NONE);
      const url = `${deps.publicOrigin}/livestream/${mint}`;
      return icsCalendar({
        uid: `${mint}-${Date.parse(row.created_at)}@${new URL(deps.publicOrigin).host}`,
        start: new Date(row.starts_at),
        stamp: new Date(deps.now()),
        summary: `${row.title} · ${row.name} ($${row.symbol})`,
        description: `${row.name} ($${row.symbol}) on Mintcast: ${url}`,
        url,
      });
    },
  };
};

export type SchedulesService = ReturnType<typeof createSchedulesService>;
