import {
  TIP_ERROR_CODES as E,
  type TChatMessage,
  TIP_LEADERBOARD_SIZE,
  TIP_LIST_LIMIT,
  type TTipGoalState,
  type TTipLeaderboard,
  type TTipList,
  type TTipTotal,
} from '@mintcast/contracts';
import type { Address, Hash } from 'viem';
import type { Access } from '../access/access.ts';
import { toChatMessage } from '../chat/chat-row.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { ChatRules } from '../moderation/chat-rules.service.ts';
import type { ChainReader } from './chain-reader.ts';
import type { TipsRepository } from './tips.repository.ts';

const refuse = (status: number, code: string, message: string, params?: Record<string, number>) =>
  new AppError(status, code, message, params);

/**
 * Tips: a viewer's BNB transfer to the stream's creator becomes a highlighted chat message only after the
 * server has read it on chain — sent by the signed-in wallet, to the creator, with value, successful, with
 * enough confirmations, and never counted before. Nothing about the transfer is taken from the client but
 * its hash.
 *
 * The tip's line is a chat message: the chat rules (the same decision as a chat post: bans, timeouts,
 * followers-only, banned words, slow mode, limits) decide whether it is written. A verified tip whose line
 * they refuse is still recorded and counted — the BNB was sent — and the answer is the refusal a chat post
 * gets (same status and code), saying the tip was counted.
 */
export const createTipsService = (
  repo: TipsRepository,
  reader: ChainReader,
  opts: {
    confirmations: number;
    channel: string;
    maxPayloadBytes: number;
    rules: ChatRules;
    /** The app's clock (a tip goal counts the tips from the moment it is set). */
    now: () => number;
    access: Pick<Access, 'requireCreator'>;
  },
) => {
  const goal = async (mint: string): Promise<TTipGoalState> => {
    const row = await repo.goal(mint);
    if (!row) throw notFound('Stream Not Found');
    if (!row.goal_wei || !row.tip_goal_set_at) return { goal: null };
    return {
      goal: {
        goal_wei: row.goal_wei,
        raised_wei: row.raised_wei ?? '0',
        since: new Date(row.tip_goal_set_at).toISOString(),
      },
    };
  };
  return {
    async tip(actor: string, mint: string, input: { txHash: Hash; message: string }): Promise<TChatMessage> {
      const decision = await opts.rules.decide(actor, mint, input.message);
      if (!decision) throw notFound('Stream Not Found');
      const creator = decision.creator?.toLowerCase();
      if (!creator) throw refuse(409, E.noCreator, 'This stream has no creator wallet to tip');
      if (await repo.exists(input.txHash)) {
        throw refuse(409, E.replayed, 'This transaction has already been counted as a tip');
      }

      const tx = await reader.transaction(input.txHash);
      if (!tx) throw refuse(404, E.notFound, 'Transaction not found on BNB Smart Chain');
      if (tx.from.toLowerCase() !== actor) {
        throw refuse(403, E.wrongSender, 'This transaction was not sent from your wallet');
      }
      const receipt = await reader.receipt(input.txHash);
      if (!receipt) throw refuse(409, E.unconfirmed, 'The transaction is not confirmed yet');
      if (receipt.status !== 'success') throw refuse(422, E.failed, 'This transaction failed on chain');
      if (tx.to?.toLowerCase() !== creator) {
        throw refuse(422, E.wrongRecipient, "This transaction did not send BNB to the stream's creator");
      }
      if (tx.value <= 0n) throw refuse(422, E.noValue, 'This transaction sent no BNB');
      const confirmations = (await reader.blockNumber()) - receipt.blockNumber + 1n;
      if (confirmations < BigInt(opts.confirmations)) {
        throw refuse(
          409,
          E.unconfirmed,
          `Waiting for confirmations (${confirmations} of ${opts.confirmations}), try again in a few seconds`,
          { confirmations: Number(confirmations), required: opts.confirmations },
        );
      }

      const refusal = decision.refusal ?? opts.rules.take(decision);
      const recorded = await repo.insertWithMessage(
        {
          txHash: input.txHash,
          streamId: mint,
          from: actor,
          to: creator as Address,
          amountWei: tx.value,
          message: refusal ? null : input.message,
          username: decision.username,
          profileImage: decision.profileImage,
          at: decision.at,
        },
        opts.channel,
        opts.maxPayloadBytes,
      );
      if (!recorded) throw refuse(409, E.replayed, 'This transaction has already been counted as a tip');
      if (refusal) {
        throw refuse(
          refusal.status,
          refusal.code,
          `${refusal.message}. Your tip was counted, without its message.`,
        );
      }
      if (!recorded.row) throw new Error('a tip with an admitted message was recorded without it');
      return toChatMessage(recorded.row);
    },

    total: (mint: string): Promise<TTipTotal> => repo.total(mint),

    /** The stream's tip goal and its progress (public, like the total); null goal when none is set. */
    goal,

    /** The creator sets (or clears) the tip goal; tips from now on count toward it. */
    async setGoal(actor: string, mint: string, goalWei: string | null): Promise<TTipGoalState> {
      await opts.access.requireCreator(actor, mint, "Only the stream's creator can set its tip goal");
      await repo.setGoal(mint, goalWei, new Date(opts.now()));
      return goal(mint);
    },

    /** The top tippers of the current (or last) broadcast and of all time; public, like the total. */
    async leaderboard(mint: string): Promise<TTipLeaderboard> {
      const start = await repo.broadcastStart(mint);
      const [broadcast, allTime] = await Promise.all([
        start ? repo.leaders(mint, start, TIP_LEADERBOARD_SIZE) : Promise.resolve([]),
        repo.leaders(mint, null, TIP_LEADERBOARD_SIZE),
      ]);
      const leader = (r: (typeof allTime)[number]) => ({
        address: r.address,
        username: r.username ?? null,
        total_wei: r.total_wei,
        count: Number(r.count),
      });
      return { broadcast: broadcast.map(leader), allTime: allTime.map(leader) };
    },

    /** Each tip the stream received, for its creator's cockpit: only the creator reads the list. */
    async received(actor: string, mint: string): Promise<TTipList> {
      await opts.access.requireCreator(actor, mint, "Only the stream's creator can see the tips it received");
      const rows = await repo.received(mint, TIP_LIST_LIMIT);
      return {
        items: rows.map((r) => ({
          tx_hash: r.tx_hash,
          from_address: r.from_address,
          username: r.username ?? null,
          amount_wei: r.amount_wei,
          message: r.message ?? null,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },
  };
};

export type TipsService = ReturnType<typeof createTipsService>;
