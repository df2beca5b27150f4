import { type App, buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import type { AppConfig } from '../../src/env.ts';
import type { ClientCaps } from '../../src/http/client-caps.ts';
import { testConfig } from './test-config.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A real app on a real (fresh) database, driven with `app.inject` or on an ephemeral port. */
export const createTestApp = async (
  overrides: Partial<AppConfig> = {},
  opts: {
    rateLimitPerMinute?: number;
    nonceLimitPerMinute?: number;
    clientCaps?: Partial<ClientCaps>;
    database?: DatabaseHandle;
    now?: () => number;
  } = {},
): Promise<TestApp> => {
  const database = opts.database ?? (await openTestDatabase());
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 1_000_000,
    nonceLimitPerMinute: opts.nonceLimitPerMinute ?? 1_000_000,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.clientCaps ? { clientCaps: opts.clientCaps } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
};
