import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export type NonceState = 'ok' | 'unknown' | 'used' | 'expired';

/** SQL for nonces, sessions and refresh tokens. No rules here. */
export const createAuthRepository = (db: Kysely<Database>) => ({
  async insertNonce(nonce: string, expiresAt: Date): Promise<void> {
    await db.insertInto('auth_nonces').values({ nonce, expires_at: expiresAt }).execute();
  },

  /** Forget nonces that expired more than an hour ago (they can only be "unknown" after that). */
  async pruneNonces(): Promise<void> {
    await db
      .deleteFrom('auth_nonces')
      .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
  },

  /** Mark a nonce used, atomically; tells why when it cannot be. */
  async consumeNonce(nonce: string): Promise<NonceState> {
    const updated = await db
      .updateTable('auth_nonces')
      .set({ used_at: sql`now()` })
      .where('nonce', '=', nonce)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('nonce')
      .executeTakeFirst();
    if (updated) return 'ok';
    const row = await db
      .selectFrom('auth_nonces')
      .select(['used_at'])
      .where('nonce', '=', nonce)
      .executeTakeFirst();
    if (!row) return 'unknown';
    return row.used_at ? 'used' : 'expired';
  },

  async insertSession(s: { id: string; address: string; expiresAt: Date; tokenHash: string }): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('auth_sessions')
        .values({ id: s.id, address: s.address, expires_at: s.expiresAt })
        .execute();
      await tx
        .insertInto('auth_refresh_tokens')
        .values({ token_hash: s.tokenHash, session_id: s.id })
        .execute();
    });
  },

  /** A live (not revoked, not expired) session. */
  async findActiveSession(id: string) {
    return db
      .selectFrom('auth_sessions')
      .select(['id', 'address', 'expires_at'])
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  },

  async findRefreshToken(tokenHash: string) {
    return db
      .selectFrom('auth_refresh_tokens as t')
      .innerJoin('auth_sessions as s', 's.id', 't.session_id')
      .select([
        't.token_hash',
        't.used_at',
        's.id as session_id',
        's.address',
        's.revoked_at',
        sql<boolean>`s.expires_at <= now()`.as('expired'),
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /**
   * Rotate: mark the presented token used and add its successor, in one transaction. Returns false when the
   * token was used concurrently (then the caller treats it as reuse).
   */
  async rotateRefreshToken(
    sessionId: string,
    oldHash: string,
    newHash: string,
    expiresAt: Date,
  ): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable('auth_refresh_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', oldHash)
        .where('used_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      if (!used) return false;
      await tx
        .insertInto('auth_refresh_tokens')
        .values({ token_hash: newHash, session_id: sessionId })
        .execute();
      await tx
        .updateTable('auth_sessions')
        .set({ refreshed_at: sql`now()`, expires_at: expiresAt })
        .where('id', '=', sessionId)
        .execute();
      return true;
    });
  },

  /** Revoke sessions: one (`only`), all of an address, or all of an address but one (`except`). */
  async revokeSessions(
    filter: { only: string } | { address: string; except?: string },
    reason: string,
  ): Promise<number> {
    let q = db
      .updateTable('auth_sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('revoked_at', 'is', null);
    if ('only' in filter) q = q.where('id', '=', filter.only);
    else {
      q = q.where('address', '=', filter.address);
      if (filter.except) q = q.where('id', '<>', filter.except);
    }
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  },
});

export type AuthRepository = ReturnType<typeof createAuthRepository>;
