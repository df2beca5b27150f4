import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../src/auth/keys.ts';
import { openDatabase } from '../src/db/database.ts';
import { ensurePrivateDir } from '../src/db/private-dir.ts';

/** Every path under `root` with group or other permission bits, as "mode path". */
const openToOthers = (root: string): string[] => {
  const found: string[] = [];
  const walk = (p: string) => {
    const s = statSync(p);
    if ((s.mode & 0o077) !== 0)
      found.push(`${(s.mode & 0o777).toString(8)} ${path.relative(root, p) || '.'}`);
    if (s.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(root);
  return found;
};

const parent = mkdtempSync(path.join(tmpdir(), 'mintcast-data-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('data folder permissions', () => {
  it('a fresh data folder and everything the server writes in it are private to its user', async () => {
    const dataDir = path.join(parent, '.data');
    ensurePrivateDir(dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await database.db.insertInto('profiles').values({ address: '0xabc', username: 'private_one' }).execute();
    await createKeyStore(dataDir);
    await database.close();

    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(5);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000); // a fresh PGlite runs initdb and every migration

  it('an existing data folder left open by an older version is closed on start', () => {
    const old = path.join(parent, 'old');
    mkdirSync(old);
    chmodSync(old, 0o755);
    ensurePrivateDir(old);
    expect(statSync(old).mode & 0o777).toBe(0o700);
  });
});
