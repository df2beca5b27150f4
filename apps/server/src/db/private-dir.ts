import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, signing keys and secrets: it and everything in it belong to the
 * server's user alone. PGlite (Emscripten's file system) creates its files 0666 whatever the umask, so the
 * folders are made 0700 (nobody else can even look inside) and existing files lose group/other bits.
 */

/** Create `dir` (and parents) if missing, and make it 0700 — also when an older run left it open. */
export const ensurePrivateDir = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
};

/** Make every folder under `root` 0700 and every file readable by its owner only (symlinks are left alone). */
export const makeTreePrivate = (root: string): void => {
  const stat = lstatSync(root, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(root, 0o700);
    for (const name of readdirSync(root)) makeTreePrivate(path.join(root, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(root, stat.mode & 0o700);
  }
};
