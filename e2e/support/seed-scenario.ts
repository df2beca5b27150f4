/**
 * Child-process seeder for e2e: `tsx seed-scenario.ts <dataDir>` with `{ streams: [...] }` on stdin.
 * Runs before the app server opens the same PGlite directory (PGlite allows one process at a time).
 */
import path from 'node:path';
import type { Insertable } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import type { RecordingsTable, StreamsTable } from '../../apps/server/src/db/schema.ts';
import { seedDemo } from '../../apps/server/src/db/seed.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-scenario.ts <dataDir>');
const chunks: Buffer[] = [];
for await (const c of process.stdin) chunks.push(c as Buffer);
const {
  streams = [],
  recordings = [],
  demo = false,
} = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
  streams?: Insertable<StreamsTable>[];
  recordings?: Insertable<RecordingsTable>[];
  demo?: boolean;
};
const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
for (const row of streams) {
  await handle.db.insertInto('streams').values(row).execute();
}
for (const row of recordings) {
  await handle.db.insertInto('recordings').values(row).execute();
}
if (demo) await seedDemo(handle.db);
await handle.close();
