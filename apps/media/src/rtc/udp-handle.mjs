// @ts-check
/**
 * What Node's public dgram API does not give: the libuv handle behind a `dgram.Socket` (through the socket's
 * internal state symbol, the same one since Node 12), to stop reading a socket passed to another process and to
 * read its file descriptor for the native sender (decision 019).
 */

/** @param {import('node:dgram').Socket} socket @returns {{ fd?: number, recvStop?: () => void } | undefined} */
const handleOf = (socket) => {
  const state = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'state symbol');
  return state ? /** @type {any} */ (socket)[state]?.handle : undefined;
};

/**
 * Node starts reading a received dgram handle at once; the SFU process must get every inbound packet (STUN,
 * DTLS, RTCP), so a copy passed to a send worker stops reading before the event loop polls it.
 * @param {import('node:dgram').Socket} socket
 */
export const stopReading = (socket) => {
  handleOf(socket)?.recvStop?.();
};

/**
 * The socket's file descriptor, or undefined when it has none (closed, or not bound yet).
 * @param {import('node:dgram').Socket} socket
 */
export const socketFd = (socket) => {
  const fd = handleOf(socket)?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : undefined;
};
