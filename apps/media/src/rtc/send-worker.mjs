// @ts-check
/**
 * One media send worker (decision 018): a child process that encrypts already-rewritten RTP with SRTP
 * AEAD_AES_128_GCM (RFC 7714) and sends it on the subscriber's own UDP socket, which the SFU process passed
 * here (the same file description, so the viewer sees the nominated ICE pair's address). The SFU process
 * keeps ICE, DTLS, RTCP, NACK and every forwarding decision; this process only does the per-viewer cipher
 * and send, which is most of what a viewer costs. Plain JavaScript so that production (built bundles,
 * plain Node, decision 010) can start it as it is.
 *
 * Messages (child_process IPC, advanced serialization):
 *   { t: 'socket', id }, with a dgram socket handle   a subscriber's socket; this process never reads it
 *   { t: 'drop', id }                                  that socket closed in the SFU process
 *   { t: 'slot', slot, socket, host, port, key, salt, ssrc, header, absOffset }   one writer's send state
 *   { t: 'release', slot }
 *   { t: 'batch', recs: Uint32Array, payloads: Buffer[] }   6 words per packet: slot, seq | marker << 16,
 *                                                           timestamp, rollover counter, payload index, abs-send-time
 * It answers { t: 'stats', sent, bytes, errors } every second.
 */
import { createCipheriv } from 'node:crypto';

/** @type {Map<number, import('node:dgram').Socket>} */
const sockets = new Map();
/**
 * @typedef {{ socket: number, host: string, port: number, key: Buffer, salt: Buffer, ssrc: number,
 *   header: Buffer, absOffset: number, iv: Buffer }} Slot
 */
/** @type {Map<number, Slot>} */
const slots = new Map();
let sent = 0;
let bytes = 0;
let errors = 0;

/** @param {import('node:dgram').Socket} socket */
const stopReading = (socket) => {
  // Node starts reading a received dgram handle at once; the SFU process must get every inbound packet
  // (STUN, DTLS, RTCP), so this copy stops reading before the event loop polls it.
  const state = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'state symbol');
  const handle = state ? /** @type {any} */ (socket)[state]?.handle : undefined;
  handle?.recvStop?.();
};

/** @param {Uint32Array} recs @param {Buffer[]} payloads */
const sendBatch = (recs, payloads) => {
  for (let i = 0; i + 6 <= recs.length; i += 6) {
    const slot = slots.get(/** @type {number} */ (recs[i]));
    const socket = slot && sockets.get(slot.socket);
    const payload = payloads[/** @type {number} */ (recs[i + 4])];
    if (!slot || !socket || !payload) {
      errors++;
      continue;
    }
    const seqMarker = /** @type {number} */ (recs[i + 1]);
    const seq = seqMarker & 0xffff;
    const roc = /** @type {number} */ (recs[i + 3]);
    const hlen = slot.header.length;
    const out = Buffer.allocUnsafe(hlen + payload.length + 16);
    slot.header.copy(out, 0);
    if (seqMarker & 0x10000) out[1] = /** @type {number} */ (out[1]) | 0x80;
    out.writeUInt16BE(seq, 2);
    out.writeUInt32BE(/** @type {number} */ (recs[i + 2]), 4);
    if (slot.absOffset >= 0)
      out.writeUIntBE(/** @type {number} */ (recs[i + 5]) & 0xffffff, slot.absOffset, 3);
    // IV = salt XOR (00 00 | SSRC | ROC | SEQ)
    const iv = slot.iv;
    iv.fill(0);
    iv.writeUInt32BE(slot.ssrc, 2);
    iv.writeUInt32BE(roc, 6);
    iv.writeUInt16BE(seq, 10);
    for (let k = 0; k < 12; k++) iv[k] = /** @type {number} */ (iv[k]) ^ /** @type {number} */ (slot.salt[k]);
    const cipher = createCipheriv('aes-128-gcm', slot.key, iv);
    cipher.setAAD(out.subarray(0, hlen));
    const encrypted = cipher.update(payload);
    encrypted.copy(out, hlen);
    cipher.final();
    cipher.getAuthTag().copy(out, hlen + encrypted.length);
    // No callback: Node then skips a completion callback per packet; errors come as the socket's 'error'.
    socket.send(out, slot.port, slot.host);
    sent++;
    bytes += out.length;
  }
};

process.on('message', (/** @type {any} */ m, /** @type {any} */ handle) => {
  switch (m.t) {
    case 'batch':
      sendBatch(m.recs, m.payloads);
      break;
    case 'slot':
      slots.set(m.slot, {
        ...m,
        key: Buffer.from(m.key),
        salt: Buffer.from(m.salt),
        header: Buffer.from(m.header),
        iv: Buffer.alloc(12),
      });
      break;
    case 'release':
      slots.delete(m.slot);
      break;
    case 'socket':
      if (!handle) break;
      stopReading(handle);
      handle.on('error', () => errors++);
      sockets.get(m.id)?.close();
      sockets.set(m.id, handle);
      break;
    case 'drop':
      // Our copy of the descriptor would keep the port bound after the SFU process closed its own.
      sockets.get(m.id)?.close();
      sockets.delete(m.id);
      break;
  }
});

setInterval(() => process.send?.({ t: 'stats', sent, bytes, errors }), 1000);
process.on('disconnect', () => process.exit(0));
process.send?.({ t: 'ready' });
