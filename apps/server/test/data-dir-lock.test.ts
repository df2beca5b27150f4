import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirHeldError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { openDatabase } from '../src/db/database.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const parent = mkdtempSync(path.join(tmpdir(), 'mintcast-lock-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Run `npm run seed`'s script on DATA_DIR=`dataDir`: its exit code and what it printed. */
const seed = async (dataDir: string) => {
  const child = spawn(tsx, ['apps/server/src/db/seed-cli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const [code] = await once(child, 'exit');
  return { code: code as number, out };
};

describe('one process per embedded database folder', () => {
  it('`npm run seed` refuses a folder a running server holds, and seeds it once the server is gone', async () => {
    const dataDir = path.join(parent, 'held');
    const server = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const refused = await seed(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is in use by a running Mintcast server. Stop it first');
    expect(refused.out).not.toContain('    at '); // a sentence, not a stack trace
    // The server's data is untouched and it keeps working.
    expect((await server.db.selectFrom('streams').select('mint').execute()).length).toBe(0);
    await server.close();

    const seeded = await seed(dataDir);
    expect(seeded.out).toMatch(/Seeded \d+ demo streams/);
    expect(seeded.code).toBe(0);
  }, 240_000); // initdb, every migration, and two child processes

  it('a second open in the same process is refused too (two PGlites on one folder corrupt it)', async () => {
    const dataDir = path.join(parent, 'twice');
    mkdirSync(dataDir);
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirHeldError);
    await lock.release();
    const again = await lockDataDir(dataDir);
    await again.release();
  });

  it('a holder killed with SIGKILL leaves no lock behind', async () => {
    const dataDir = path.join(parent, 'crashed');
    mkdirSync(dataDir);
    // `node --import tsx`, one process (the `tsx` command runs node in a child that SIGKILL would orphan).
    const holder: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./apps/server/src/db/data-dir-lock.ts').then(async (m) => { await m.lockDataDir(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000); })`,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(holder.stdout!, 'data');
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirHeldError);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = await lockDataDir(dataDir);
    await lock.release();
  }, 60_000);
});
