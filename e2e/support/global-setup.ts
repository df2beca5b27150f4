import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export const templateDir = path.resolve(import.meta.dirname, '../.artifacts/pglite-template');

/**
 * One migrated PGlite data directory for the whole run; every app under test starts from a copy of it
 * rather than running initdb and the migrations again.
 */
export default function globalSetup() {
  rmSync(templateDir, { recursive: true, force: true });
  const res = spawnSync(
    path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx'),
    [path.join(import.meta.dirname, 'seed-scenario.ts'), templateDir],
    { input: '{}', stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (res.status !== 0) throw new Error('could not create the PGlite template');
}
