import type { WebSocket } from 'ws';

/**
 * Open signal sockets by `room/identity`. Used by tests (and operators debugging) to drop a
 * participant's socket from the server side, the way a network failure would.
 */
const sockets = new Map<string, Set<WebSocket>>();

export function registerSocket(room: string, identity: string, ws: WebSocket): void {
  const key = `${room}/${identity}`;
  const set = sockets.get(key) ?? new Set<WebSocket>();
  sockets.set(key, set);
  set.add(ws);
  ws.once('close', () => {
    set.delete(ws);
    if (set.size === 0 && sockets.get(key) === set) sockets.delete(key);
  });
}

/** How many signal sockets of that identity are open; 0 once the server has handled the last one's close. */
export function openSignalSockets(room: string, identity: string): number {
  return sockets.get(`${room}/${identity}`)?.size ?? 0;
}

/** Sockets whose session ends with them instead of waiting for a resume. */
const unresumable = new WeakSet<WebSocket>();

/**
 * Terminates (no close frame) every signal socket of that identity; returns how many. The client then tries
 * to resume; with `endSession` the server forgets the session at once, as a restarted server would, so the
 * client has to rejoin from scratch.
 */
export function killSignalSockets(
  room: string,
  identity: string,
  opts: { endSession?: boolean } = {},
): number {
  const set = sockets.get(`${room}/${identity}`);
  if (!set) return 0;
  for (const ws of set) {
    if (opts.endSession) unresumable.add(ws);
    ws.terminate();
  }
  return set.size;
}

/** True for a socket killed with `endSession`. */
export function endsSession(ws: WebSocket): boolean {
  return unresumable.has(ws);
}
