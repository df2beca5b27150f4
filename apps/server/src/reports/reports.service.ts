import { REPORTS_PER_HOUR, type TReportRequest, ZReportRequest } from '@mintcast/contracts';
import { conflict, notFound, tooManyRequests } from '../http/errors.ts';
import type { ReportsRepository } from './reports.repository.ts';

const HOUR_MS = 60 * 60_000;

/**
 * Reports of a stream, a chat message or a clip by a signed-in wallet: one per wallet per target, at most
 * REPORTS_PER_HOUR an hour (counted in the database, so across instances). A reported message is
 * copied into the report, so the admin still sees it after it is deleted.
 */
export const createReportsService = (repo: ReportsRepository, now: () => number) => ({
  async file(reporter: string, input: TReportRequest): Promise<{ id: string }> {
    const r = ZReportRequest.parse(input);
    const at = new Date(now());
    if ((await repo.sentSince(reporter, new Date(at.getTime() - HOUR_MS))) >= REPORTS_PER_HOUR)
      throw tooManyRequests('You have sent too many reports. Try again in an hour.');
    let message: Awaited<ReturnType<ReportsRepository['message']>>;
    let mint: string;
    let clipId: string | null = null;
    if (r.kind === 'clip') {
      const clip = await repo.clip(r.clipId);
      if (!clip || clip.deleted_at) throw notFound('Clip not found');
      mint = clip.stream_id;
      clipId = clip.id;
    } else if (r.kind === 'message') {
      mint = r.mint;
      message = await repo.message(r.mint, r.messageId);
      if (!message) throw notFound('Message not found');
    } else {
      mint = r.mint;
      if (!(await repo.streamExists(r.mint))) throw notFound('Stream Not Found');
    }
    const id = await repo.insert({
      reporter,
      kind: r.kind,
      stream_id: mint,
      clip_id: clipId,
      message_id: message ? String(message.id) : null,
      message_author: message?.user_address ?? null,
      message_content: message?.content ?? null,
      message_created_at: message?.created_at ?? null,
      reason: r.reason,
      details: r.details,
      created_at: at,
    });
    if (!id) throw conflict(`You have already reported this ${r.kind}`);
    return { id };
  },
});
