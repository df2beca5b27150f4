import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database folder. Two PGlite instances writing one folder corrupt it,
 * so the process that opens it listens on a Unix socket named after the folder, and another opener (a
 * second `npm start`, `npm run seed` while the server runs) first tries to connect to it: an answer means
 * the folder is held. The kernel closes the socket when its process dies, so a crash (or `kill -9`) leaves
 * no lock behind and, unlike a pid file, a reused pid cannot pass for the holder.
 * The socket lives in the temporary folder, named by a hash of the data folder's real path (socket paths are
 * limited to ~100 bytes; data folders can be deeper).
 */
export class DataDirHeldError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The database folder ${dataDir} is in use by a running Mintcast server. Stop it first (Ctrl+C in its terminal), or point DATA_DIR at another folder.`,
    );
    this.name = 'DataDirHeldError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const socketPathFor = (dataDir: string) =>
  path.join(
    tmpdir(),
    `mintcast-${createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 20)}.sock`,
  );

/** Resolves true when something listens on `socketPath`. */
const answers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const listen = (server: Server, socketPath: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Hold `dataDir` (which must exist) for this process, or throw DataDirHeldError if a live process holds it. */
export const lockDataDir = async (dataDir: string): Promise<DataDirLock> => {
  const socketPath = socketPathFor(dataDir);
  // Connections carry nothing: the holder's existence is the answer.
  const server = createServer((socket) => socket.destroy());
  server.unref();
  try {
    await listen(server, socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (await answers(socketPath)) throw new DataDirHeldError(dataDir);
    // A socket file left by a process that died: nobody answers, so it is ours to replace.
    rmSync(socketPath, { force: true });
    try {
      await listen(server, socketPath);
    } catch (again) {
      // Another opener won the race between our check and our listen.
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DataDirHeldError(dataDir);
      throw again;
    }
  }
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
