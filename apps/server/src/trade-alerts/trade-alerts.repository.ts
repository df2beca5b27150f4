import type { TChatMessage, TTradeAlert } from '@mintcast/contracts';
import { type Kysely, sql } from 'kysely';
import { type MessageRow, toChatMessage } from '../chat/chat-row.ts';
import type { Database } from '../db/schema.ts';

/** A live stream whose alerts are on, with its pair when it was read. */
export interface AlertTarget {
  mint: string;
  symbol: string;
  minWei: bigint;
  whaleWei: bigint | null;
  /** undefined: never read; null: the token has no pair. */
  pair: string | null | undefined;
  tokenIsToken0: boolean | null;
  pairCheckedAt: Date | null;
}

export interface NewSwap {
  txHash: string;
  logIndex: number;
  streamId: string;
  pair: string;
  blockNumber: bigint;
  blockHash: string;
  side: 'buy' | 'sell';
  bnbWei: bigint;
  trader: string | null;
}

/** What a NOTIFY on the chat channel carries for a message (the receivers' fan-out sends it on). */
const notifyPayload = (m: TChatMessage, maxPayloadBytes: number): string => {
  const full = JSON.stringify({ k: 'ins', m });
  return Buffer.byteLength(full) <= maxPayloadBytes
    ? full
    : JSON.stringify({ k: 'ins_ref', mint: m.stream_id, id: m.id });
};

/** SQL for buy and sell alerts, and nothing else. */
export const createTradeAlertsRepository = (db: Kysely<Database>) => {
  /** Send a message (new, or changed: same id) to every instance's viewers, in `trx`'s commit. */
  const notify = async (
    executor: Kysely<Database>,
    channel: string,
    maxPayloadBytes: number,
    row: MessageRow,
  ) => {
    const message = toChatMessage(row);
    await sql`SELECT pg_notify(${channel}, ${notifyPayload(message, maxPayloadBytes)})`.execute(executor);
    return message;
  };

  /** Rewrite one field of an alert line's trade and send the line again (viewers replace it by id). */
  const updateTrade = (
    messageId: string,
    patch: Partial<TTradeAlert>,
    channel: string,
    maxPayloadBytes: number,
  ): Promise<TChatMessage | null> =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', messageId)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.trade) return null; // deleted by a host meanwhile
      const current = (typeof row.trade === 'string' ? JSON.parse(row.trade) : row.trade) as TTradeAlert;
      const next = { ...current, ...patch };
      const updated = await trx
        .updateTable('messages')
        .set({ trade: JSON.stringify(next) })
        .where('id', '=', messageId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return notify(trx, channel, maxPayloadBytes, updated);
    });

  return {
    /** Live streams with alerts on, and their pairs as far as known. */
    async liveTargets(): Promise<AlertTarget[]> {
      const rows = await db
        .selectFrom('streams as s')
        .leftJoin('trade_alert_pairs as p', 'p.token', 's.mint')
        .select([
          's.mint',
          's.symbol',
          sql<string>`s.trade_alert_min_wei::text`.as('min_wei'),
          sql<string | null>`s.trade_alert_whale_wei::text`.as('whale_wei'),
          'p.token',
          'p.pair',
          'p.token_is_token0',
          'p.checked_at',
        ])
        .where('s.is_currently_live', '=', true)
        .where('s.trade_alerts_enabled', '=', true)
        .orderBy('s.mint')
        .execute();
      return rows.map((r) => ({
        mint: r.mint,
        symbol: r.symbol,
        minWei: BigInt(r.min_wei),
        whaleWei: r.whale_wei ? BigInt(r.whale_wei) : null,
        pair: r.token ? r.pair : undefined,
        tokenIsToken0: r.token_is_token0 ?? null,
        pairCheckedAt: r.checked_at ? new Date(r.checked_at) : null,
      }));
    },

    async savePair(token: string, pair: string | null, tokenIsToken0: boolean | null, at: Date) {
      await db
        .insertInto('trade_alert_pairs')
        .values({ token, pair, token_is_token0: tokenIsToken0, checked_at: at })
        .onConflict((oc) =>
          oc.column('token').doUpdateSet({ pair, token_is_token0: tokenIsToken0, checked_at: at }),
        )
        .execute();
    },

    async pairKnown(token: string): Promise<{ pair: string | null } | undefined> {
      return db.selectFrom('trade_alert_pairs').select('pair').where('token', '=', token).executeTakeFirst();
    },

    async watch() {
      const row = await db.selectFrom('trade_alert_watch').selectAll().where('id', '=', 1).executeTakeFirst();
      return {
        lastBlock: row?.last_block != null ? BigInt(row.last_block) : null,
        okAt: row?.ok_at ? new Date(row.ok_at) : null,
        failedAt: row?.failed_at ? new Date(row.failed_at) : null,
      };
    },

    async saveWatch(values: { lastBlock?: bigint; okAt?: Date; failedAt?: Date | null }) {
      const set = {
        ...(values.lastBlock !== undefined ? { last_block: values.lastBlock.toString() } : {}),
        ...(values.okAt ? { ok_at: values.okAt } : {}),
        ...(values.failedAt !== undefined ? { failed_at: values.failedAt } : {}),
      };
      await db
        .insertInto('trade_alert_watch')
        .values({ id: 1, ...set })
        .onConflict((oc) => oc.column('id').doUpdateSet(set))
        .execute();
    },

    /** The (tx_hash, log_index) keys among `keys` already recorded. */
    async known(keys: { txHash: string; logIndex: number }[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('trade_swaps')
        .select(['tx_hash', 'log_index'])
        .where(
          'tx_hash',
          'in',
          keys.map((k) => k.txHash),
        )
        .execute();
      return new Set(rows.map((r) => `${r.tx_hash}:${r.log_index}`));
    },

    /** Swaps recorded (and not yet removed) on `pairs` from block `from` on: the ones a re-read must find again. */
    recentSwaps(pairs: string[], from: bigint) {
      if (pairs.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('trade_swaps')
        .select(['tx_hash', 'log_index', 'block_hash', 'message_id', 'stream_id'])
        .where('pair', 'in', pairs)
        .where('block_number', '>=', from.toString())
        .where('removed', '=', false)
        .execute();
    },

    /** Who reported these hashes from which stream. */
    async reports(txHashes: string[]) {
      if (txHashes.length === 0) return new Map<string, { stream_id: string; reporter: string }>();
      const rows = await db
        .selectFrom('trade_reports')
        .select(['tx_hash', 'stream_id', 'reporter'])
        .where('tx_hash', 'in', txHashes)
        .execute();
      return new Map(rows.map((r) => [r.tx_hash, r]));
    },

    /**
     * Record a swap, and when `alert` is given its chat line (NOTIFY included), in one transaction. False when
     * the log was recorded before — the key decides, so two rounds or instances never both post it.
     */
    recordSwap(
      swap: NewSwap,
      alert: { trade: TTradeAlert; content: string; channel: string; maxPayloadBytes: number } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('trade_swaps')
          .values({
            tx_hash: swap.txHash,
            log_index: swap.logIndex,
            stream_id: swap.streamId,
            pair: swap.pair,
            block_number: swap.blockNumber.toString(),
            block_hash: swap.blockHash,
            side: swap.side,
            bnb_wei: swap.bnbWei.toString(),
            trader: swap.trader,
          })
          .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
          .returning('tx_hash')
          .executeTakeFirst();
        if (!claimed) return false;
        if (!alert) return true;
        const row = await trx
          .insertInto('messages')
          .values({
            stream_id: swap.streamId,
            user_address: swap.trader ?? swap.pair,
            content: alert.content,
            trade: JSON.stringify(alert.trade),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('trade_swaps')
          .set({ message_id: String(row.id) })
          .where('tx_hash', '=', swap.txHash)
          .where('log_index', '=', swap.logIndex)
          .execute();
        await notify(trx, alert.channel, alert.maxPayloadBytes, row);
        return true;
      });
    },

    /** A reorg moved a recorded swap to another block (it is still on chain). */
    async moveSwap(txHash: string, logIndex: number, blockHash: string, blockNumber: bigint) {
      await db
        .updateTable('trade_swaps')
        .set({ block_hash: blockHash, block_number: blockNumber.toString() })
        .where('tx_hash', '=', txHash)
        .where('log_index', '=', logIndex)
        .execute();
    },

    /** A reorg dropped a recorded swap: it no longer counts, and its chat line (if any) is marked removed. */
    async removeSwap(txHash: string, logIndex: number, channel: string, maxPayloadBytes: number) {
      const row = await db
        .updateTable('trade_swaps')
        .set({ removed: true })
        .where('tx_hash', '=', txHash)
        .where('log_index', '=', logIndex)
        .where('removed', '=', false)
        .returning('message_id')
        .executeTakeFirst();
      if (row?.message_id) await updateTrade(row.message_id, { removed: true }, channel, maxPayloadBytes);
    },

    /** Record a hash the stream page's trade panel sent; false when it was reported before. */
    async report(txHash: string, streamId: string, reporter: string): Promise<boolean> {
      const row = await db
        .insertInto('trade_reports')
        .values({ tx_hash: txHash, stream_id: streamId, reporter })
        .onConflict((oc) => oc.column('tx_hash').doNothing())
        .returning('tx_hash')
        .executeTakeFirst();
      return !!row;
    },

    /** Alert lines already posted for a hash on a stream, sent by `trader`: marked "from this stream" late. */
    async markFromStream(
      txHash: string,
      streamId: string,
      trader: string,
      channel: string,
      maxPayloadBytes: number,
    ) {
      const rows = await db
        .selectFrom('trade_swaps')
        .select('message_id')
        .where('tx_hash', '=', txHash)
        .where('stream_id', '=', streamId)
        .where('trader', '=', trader)
        .where('message_id', 'is not', null)
        .execute();
      for (const r of rows)
        if (r.message_id) await updateTrade(r.message_id, { from_stream: true }, channel, maxPayloadBytes);
    },

    /** Swaps of a hash on a stream whose sender was not read (below the threshold when seen). */
    swapsWithoutTrader(txHash: string, streamId: string) {
      return db
        .selectFrom('trade_swaps')
        .select(['tx_hash', 'log_index'])
        .where('tx_hash', '=', txHash)
        .where('stream_id', '=', streamId)
        .where('trader', 'is', null)
        .execute();
    },

    async setTrader(txHash: string, trader: string) {
      await db.updateTable('trade_swaps').set({ trader }).where('tx_hash', '=', txHash).execute();
    },

    /** Swaps made from the stream's page: reported by the panel, sent by the reporter, still on chain. */
    async pageVolume(streamId: string): Promise<{ count: number; wei: string }> {
      const row = await db
        .selectFrom('trade_swaps as s')
        .innerJoin('trade_reports as r', (j) =>
          j
            .onRef('r.tx_hash', '=', 's.tx_hash')
            .onRef('r.stream_id', '=', 's.stream_id')
            .onRef('r.reporter', '=', 's.trader'),
        )
        .select([
          sql<string>`count(*)::text`.as('count'),
          sql<string>`coalesce(sum(s.bnb_wei), 0)::text`.as('wei'),
        ])
        .where('s.stream_id', '=', streamId)
        .where('s.removed', '=', false)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), wei: row.wei };
    },

    async settings(streamId: string) {
      return db
        .selectFrom('streams')
        .select([
          'trade_alerts_enabled as enabled',
          sql<string>`trade_alert_min_wei::text`.as('min_wei'),
          sql<string | null>`trade_alert_whale_wei::text`.as('whale_wei'),
          'is_currently_live',
        ])
        .where('mint', '=', streamId)
        .executeTakeFirst();
    },

    async saveSettings(streamId: string, s: { enabled: boolean; min_wei: string; whale_wei: string | null }) {
      await db
        .updateTable('streams')
        .set({
          trade_alerts_enabled: s.enabled,
          trade_alert_min_wei: s.min_wei,
          trade_alert_whale_wei: s.whale_wei,
        })
        .where('mint', '=', streamId)
        .execute();
    },
  };
};

export type TradeAlertsRepository = ReturnType<typeof createTradeAlertsRepository>;
