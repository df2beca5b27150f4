import {
  TIP_ERROR_CODES as E,
  type TChatMessage,
  TIP_LIST_LIMIT,
  type TTipList,
  type TTipTotal,
} from '@mintcast/contracts';
import type { Address, Hash } from 'viem';
import { toChatMessage } from '../chat/chat-row.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import type { ChainReader } from './chain-reader.ts';
import type { TipsRepository } from './tips.repository.ts';

const refuse = (status: number, code: string, message: string, params?: Record<string, number>) =>
  new AppError(status, code, message, params);

/**
 * Tips: a viewer's BNB transfer to the stream's creator becomes a highlighted chat message only after the
 * server has read it on chain — sent by the signed-in wallet, to the creator, with value, successful, with
 * enough confirmations, and never counted before. Nothing about the transfer is taken from the client but
 * its hash.
 */
export const createTipsService = (
  repo: TipsRepository,
  reader: ChainReader,
  opts: { confirmations: number; channel: string; maxPayloadBytes: number },
) => ({
  async tip(actor: string, mint: string, input: { txHash: Hash; message: string }): Promise<TChatMessage> {
    const context = await repo.context(mint, actor);
    if (!context) throw notFound('Stream Not Found');
    const creator = context.creator_address?.toLowerCase();
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

    const row = await repo.insertWithMessage(
      {
        txHash: input.txHash,
        streamId: mint,
        from: actor,
        to: creator as Address,
        amountWei: tx.value,
        message: input.message,
        username: context.username ?? null,
        profileImage: context.profile_image ?? null,
      },
      opts.channel,
      opts.maxPayloadBytes,
    );
    if (!row) throw refuse(409, E.replayed, 'This transaction has already been counted as a tip');
    return toChatMessage(row);
  },

  total: (mint: string): Promise<TTipTotal> => repo.total(mint),

  /** Each tip the stream received, for its creator's cockpit: only the creator reads the list. */
  async received(actor: string, mint: string): Promise<TTipList> {
    const context = await repo.context(mint, actor);
    if (!context) throw notFound('Stream Not Found');
    if (context.creator_address?.toLowerCase() !== actor) {
      throw forbidden("Only the stream's creator can see the tips it received");
    }
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
});

export type TipsService = ReturnType<typeof createTipsService>;
