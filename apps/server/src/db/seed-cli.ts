/** `npm run seed`: fill the configured database with demo streams (stop `npm start` first when on PGlite). */
import path from 'node:path';
import { loadConfig } from '../env.ts';
import { openDatabase } from './database.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
);
try {
  const n = await seedDemo(handle.db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite');
  console.log(`Seeded ${n} demo streams into ${where}.`);
} finally {
  await handle.close();
}
