import type { RecordingFiles } from './recording-files.ts';
import type { RecordingsRepository } from './recordings.repository.ts';

export interface RetentionPolicy {
  /** Recordings that started longer ago than this are deleted. */
  retentionDays: number;
  /** All kept recordings together stay within this many bytes; the oldest go first. */
  maxBytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One retention pass: deletes recordings past the retention period, then the oldest until the rest fit the
 * disk budget. A recording being written (a live stream's current one) is never a candidate: only finished
 * ones are listed. Returns the ids deleted, oldest first.
 */
export const sweepRecordings = async (deps: {
  repo: RecordingsRepository;
  files: Pick<RecordingFiles, 'remove'>;
  policy: RetentionPolicy;
  now: number;
}): Promise<string[]> => {
  const { repo, files, policy, now } = deps;
  const kept = await repo.keptOldestFirst();
  const cutoff = now - policy.retentionDays * DAY_MS;
  let total = kept.reduce((sum, r) => sum + Number(r.size_bytes ?? 0), 0);
  const deleted: string[] = [];
  for (const r of kept) {
    const expired = r.started_at.getTime() < cutoff;
    if (!expired && total <= policy.maxBytes) break; // oldest first: nothing later is expired either
    await files.remove(r.file_path);
    await repo.markDeleted(r.id, expired ? 'retention' : 'disk-budget', new Date(now));
    total -= Number(r.size_bytes ?? 0);
    deleted.push(r.id);
  }
  return deleted;
};
