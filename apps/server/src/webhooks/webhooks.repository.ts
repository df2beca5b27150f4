import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A claimed event stays claimed this long: a dispatcher that died mid-way is taken over after it. */
const CLAIM_SECONDS = 60;

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  data: unknown;
  occurred_at: Date;
  status: string;
  attempts: number;
  last_status: number | null;
  created_at: Date;
  updated_at: Date;
}

const deliveryColumns = [
  'id',
  'endpoint_id',
  'event_id',
  'event_type',
  'data',
  'occurred_at',
  'status',
  'attempts',
  'last_status',
  'created_at',
  'updated_at',
] as const;

/** SQL of creator webhooks: endpoints, the trigger-fed outbox, the delivery log. No rules here. */
export const createWebhooksRepository = (db: Kysely<Database>) => ({
  endpoints(creator: string) {
    return db
      .selectFrom('webhook_endpoints')
      .select(['id', 'url_display', 'events', 'created_at'])
      .where('creator_address', '=', creator)
      .orderBy('created_at')
      .execute();
  },

  async countEndpoints(creator: string): Promise<number> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('creator_address', '=', creator)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insertEndpoint(row: {
    id: string;
    creator_address: string;
    url_sealed: string;
    url_display: string;
    secret_sealed: string;
    events: string[];
  }) {
    return db
      .insertInto('webhook_endpoints')
      .values(row)
      .returning(['id', 'url_display', 'events', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  async deleteEndpoint(creator: string, id: string): Promise<boolean> {
    const r = await db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .where('creator_address', '=', creator)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  findEndpoint(creator: string, id: string) {
    return db
      .selectFrom('webhook_endpoints')
      .select(['id', 'creator_address'])
      .where('id', '=', id)
      .where('creator_address', '=', creator)
      .executeTakeFirst();
  },

  deliveries(creator: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .selectFrom('webhook_deliveries')
      .select(deliveryColumns)
      .where('creator_address', '=', creator)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<DeliveryRow[]>;
  },

  /** Take up to `limit` events nobody holds (or whose holder's claim ran out), oldest first. */
  async claimEvents(limit: number) {
    const r = await sql<{
      id: string;
      event_id: string;
      creator_address: string;
      event_type: string;
      data: unknown;
      created_at: Date;
    }>`
      UPDATE webhook_outbox SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      WHERE id IN (
        SELECT id FROM webhook_outbox WHERE claimed_until IS NULL OR claimed_until < now()
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, event_id, creator_address, event_type, data, created_at`.execute(db);
    return r.rows;
  },

  /**
   * One delivery per event and subscribed endpoint (a second fan-out of the same event adds none), returning the
   * ids of all of the events' deliveries not yet attempted (to queue; the queue refuses a job id twice).
   */
  async fanOut(
    events: {
      event_id: string;
      creator_address: string;
      event_type: string;
      data: unknown;
      created_at: Date;
    }[],
  ) {
    if (events.length === 0) return [];
    await sql`
      INSERT INTO webhook_deliveries (endpoint_id, creator_address, event_id, event_type, data, occurred_at)
      SELECT e.id, v.creator_address, v.event_id, v.event_type, v.data, v.occurred_at
      FROM jsonb_to_recordset(${JSON.stringify(events.map((x) => ({ ...x, occurred_at: x.created_at })))}::jsonb)
        AS v(event_id uuid, creator_address text, event_type text, data jsonb, occurred_at timestamptz)
      JOIN webhook_endpoints e ON e.creator_address = v.creator_address AND v.event_type = ANY (e.events)
      ON CONFLICT (event_id, endpoint_id) DO NOTHING`.execute(db);
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where(
        'event_id',
        'in',
        events.map((e) => e.event_id),
      )
      .where('attempts', '=', 0)
      .execute();
    return rows.map((r) => r.id);
  },

  async forgetEvents(ids: string[]): Promise<void> {
    if (ids.length) await db.deleteFrom('webhook_outbox').where('id', 'in', ids).execute();
  },

  insertTestDelivery(row: { endpoint_id: string; creator_address: string; event_id: string; data: unknown }) {
    return db
      .insertInto('webhook_deliveries')
      .values({
        ...row,
        data: JSON.stringify(row.data),
        event_type: 'webhook.test',
        occurred_at: new Date(),
      })
      .returning(deliveryColumns)
      .executeTakeFirstOrThrow() as Promise<DeliveryRow>;
  },

  /** A delivery with its endpoint's sealed URL and secret, for the worker; undefined once the endpoint is gone. */
  forAttempt(id: string) {
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.event_id',
        'd.event_type',
        'd.data',
        'd.occurred_at',
        'e.id as endpoint_id',
        'e.url_sealed',
        'e.secret_sealed',
      ])
      .where('d.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Deletes finished deliveries (delivered, failed) created before `before`, and beyond the newest `keep` of
   * each endpoint; returns how many went.
   */
  async pruneDeliveries(before: Date, keep: number): Promise<number> {
    const r = await sql`
      DELETE FROM webhook_deliveries WHERE id IN (
        SELECT id FROM (
          SELECT id, created_at,
            row_number() OVER (PARTITION BY endpoint_id ORDER BY created_at DESC, id DESC) AS n
          FROM webhook_deliveries WHERE status IN ('delivered', 'failed')
        ) finished
        WHERE created_at < ${before} OR n > ${keep}
      )`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  },

  async recordAttempt(
    id: string,
    result: { status: 'delivered' | 'retrying' | 'failed'; lastStatus: number | null; error: string | null },
  ): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: result.status,
        attempts: eb('attempts', '+', 1),
        last_status: result.lastStatus,
        last_error: result.error,
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .execute();
  },
});

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
