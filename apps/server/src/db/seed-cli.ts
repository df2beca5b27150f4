/**
 * `npm run seed`: fill the configured database with demo streams. On PGlite the folder must not be open in a
 * running server (the data folder lock refuses, and this says so).
 */
import path from 'node:path';
import { loadConfig } from '../env.ts';
import { DataDirHeldError } from './data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
let handle: DatabaseHandle;
try {
  handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
} catch (err) {
  if (!(err instanceof DataDirHeldError)) throw err;
  console.error(`npm run seed: ${err.message}`);
  process.exit(1);
}
try {
  const n = await seedDemo(handle.db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite');
  console.log(`Seeded ${n} demo streams into ${where}.`);
} finally {
  await handle.close();
}
