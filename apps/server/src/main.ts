import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { ensurePrivateDir } from './db/private-dir.ts';
import { loadConfig } from './env.ts';
import { configWarnings } from './env-rules.ts';
import { shutdownWithin } from './http/graceful-shutdown.ts';

/** Boot: validate the environment, migrate the database, serve. Fails fast with a readable message. */
const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // Whatever this process creates is its user's alone; the data folder too, even if an older run left it open.
  process.umask(0o077);
  ensurePrivateDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database });
  } catch (err) {
    // e.g. AUTH_SIGNING_KEYS that parse but are no usable key: the message names the variable.
    console.error((err as Error).message);
    await database.close();
    process.exit(1);
  }
  for (const warning of configWarnings(config)) app.log.warn(warning);
  const shutdown = (signal: string) =>
    shutdownWithin(signal, {
      close: async () => {
        await app.close();
        await database.close();
      },
      exit: (code) => process.exit(code),
      log: app.log,
    });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
};

await main();
