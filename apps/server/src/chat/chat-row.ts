import type { TChatMessage } from '@mintcast/contracts';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../db/schema.ts';

export type MessageRow = Selectable<MessagesTable>;

/** A stored message as the API and realtime events send it. */
export const toChatMessage = (row: MessageRow): TChatMessage => ({
  id: String(row.id),
  stream_id: row.stream_id,
  user_address: row.user_address,
  username: row.username,
  profile_image: row.profile_image,
  content: row.content,
  created_at: new Date(row.created_at).toISOString(),
  tip: row.tip_wei && row.tip_tx_hash ? { amount_wei: row.tip_wei, tx_hash: row.tip_tx_hash } : null,
  // Only on alert lines (a plain message's answer and its NOTIFY leave it out). PGlite and node-postgres both
  // parse jsonb; a text copy is parsed here.
  ...(row.trade ? { trade: typeof row.trade === 'string' ? JSON.parse(row.trade) : row.trade } : {}),
  ...(row.raid ? { raid: typeof row.raid === 'string' ? JSON.parse(row.raid) : row.raid } : {}),
});
