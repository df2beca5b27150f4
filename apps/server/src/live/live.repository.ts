import { LIVE_VIEWER_ROLE } from '@mintcast/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for room participants, stream thumbnails and the live columns the reconciliation reads. */
export const createLiveRepository = (db: Kysely<Database>) => ({
  async addParticipant(p: { roomName: string; identity: string; sid: string; role: string }): Promise<void> {
    await db
      .insertInto('live_participants')
      .values({ room_name: p.roomName, identity: p.identity, sid: p.sid, role: p.role })
      .onConflict((oc) =>
        oc
          .columns(['room_name', 'identity'])
          .doUpdateSet({ sid: p.sid, role: p.role, joined_at: new Date() }),
      )
      .execute();
  },

  /** Removes the participant only if it is still the same session (identity reused by a rejoin is kept). */
  async removeParticipant(p: { roomName: string; identity: string; sid: string }): Promise<void> {
    await db
      .deleteFrom('live_participants')
      .where('room_name', '=', p.roomName)
      .where('identity', '=', p.identity)
      .where('sid', '=', p.sid)
      .execute();
  },

  /** Makes a room's rows exactly `participants` (what the media server reports). */
  async replaceRoom(
    roomName: string,
    participants: { identity: string; sid: string; role: string }[],
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('live_participants').where('room_name', '=', roomName).execute();
      if (participants.length === 0) return;
      await trx
        .insertInto('live_participants')
        .values(participants.map((p) => ({ room_name: roomName, ...p })))
        .execute();
    });
  },

  /** Forgets every room but `names` (rooms the media server no longer has: their webhooks were lost). */
  async keepOnlyRooms(names: string[]): Promise<void> {
    let q = db.deleteFrom('live_participants');
    if (names.length > 0) q = q.where('room_name', 'not in', names);
    await q.execute();
  },

  /** Streams that claim a broadcast (live, or a viewer count): the ones to check against the rooms. */
  claimingStreams() {
    return db
      .selectFrom('streams')
      .select(['mint', 'is_currently_live', 'num_participants'])
      .where((eb) => eb.or([eb('is_currently_live', '=', true), eb('num_participants', '>', 0)]))
      .execute();
  },

  async clearRoom(roomName: string): Promise<void> {
    await db.deleteFrom('live_participants').where('room_name', '=', roomName).execute();
  },

  /** WebRTC viewers in every room (the site's, whichever instance asks). */
  async countViewers(): Promise<number> {
    const row = await db
      .selectFrom('live_participants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', LIVE_VIEWER_ROLE)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Participants of a room by role: `{ host, viewer }` counts. */
  async countByRole(roomName: string): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('live_participants')
      .select((eb) => ['role', eb.fn.countAll<string>().as('n')])
      .where('room_name', '=', roomName)
      .groupBy('role')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.role, Number(r.n)]));
  },

  async saveThumbnail(mint: string, contentType: string, bytes: Uint8Array, at: Date): Promise<Date> {
    const row = await db
      .insertInto('stream_thumbnails')
      .values({ mint, content_type: contentType, bytes, updated_at: at })
      .onConflict((oc) => oc.column('mint').doUpdateSet({ content_type: contentType, bytes, updated_at: at }))
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    return new Date(row.updated_at);
  },

  findThumbnail(mint: string) {
    return db
      .selectFrom('stream_thumbnails')
      .select(['content_type', 'bytes', 'updated_at'])
      .where('mint', '=', mint)
      .executeTakeFirst();
  },
});

export type LiveRepository = ReturnType<typeof createLiveRepository>;
