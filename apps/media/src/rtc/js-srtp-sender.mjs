// @ts-check
/**
 * The JavaScript SRTP sender (decision 018's send-worker path, and the fallback of decision 019): per packet one
 * `createCipheriv` AES-128-GCM (RFC 7714) and one `dgram` send of [header, ciphertext, tag] on the subscriber's
 * own socket. Same interface as native-srtp-sender.mjs.
 */
import { createCipheriv } from 'node:crypto';
import { stopReading } from './udp-handle.mjs';

/**
 * @typedef {import('./srtp-sender.d.mts').SrtpSlot} SrtpSlot
 * @typedef {SrtpSlot & { sock?: import('node:dgram').Socket, salt10: number, salt11: number, iv: Buffer,
 *   ivRoc: number }} Slot
 */

export class JsSrtpSender {
  /** @readonly */
  path = 'js';
  /** @type {Map<number, import('node:dgram').Socket>} */
  sockets = new Map();
  /** @type {Map<number, Slot>} */
  slots = new Map();
  sent = 0;
  bytes = 0;
  errors = 0;

  /**
   * A subscriber socket passed from the SFU process; its copy here never reads.
   * @param {number} id @param {import('node:dgram').Socket} socket
   */
  addSocket(id, socket) {
    stopReading(socket);
    socket.on('error', () => this.errors++);
    this.sockets.get(id)?.close();
    this.sockets.set(id, socket);
    for (const slot of this.slots.values()) if (slot.socket === id) slot.sock = socket;
    return true;
  }

  /** Our copy of the descriptor would keep the port bound after the SFU process closed its own. @param {number} id */
  dropSocket(id) {
    this.sockets.get(id)?.close();
    this.sockets.delete(id);
    for (const slot of this.slots.values()) if (slot.socket === id) slot.sock = undefined;
  }

  /** @param {SrtpSlot} s */
  setSlot(s) {
    const salt = Buffer.from(s.salt);
    this.slots.set(s.slot, {
      ...s,
      sock: this.sockets.get(s.socket),
      key: Buffer.from(s.key),
      salt,
      salt10: salt[10] ?? 0,
      salt11: salt[11] ?? 0,
      header: Buffer.from(s.header),
      iv: Buffer.alloc(12),
      ivRoc: -1,
    });
    return undefined;
  }

  /** @param {number} slot */
  releaseSlot(slot) {
    this.slots.delete(slot);
  }

  /** @param {Uint32Array} recs @param {Uint8Array[]} payloads */
  send(recs, payloads) {
    const before = this.sent;
    for (let i = 0; i + 6 <= recs.length; i += 6) {
      const slot = this.slots.get(/** @type {number} */ (recs[i]));
      const socket = slot?.sock;
      const payload = payloads[/** @type {number} */ (recs[i + 4])];
      if (!slot || !socket || !payload) {
        this.errors++;
        continue;
      }
      const header = patchedHeader(slot, recs, i);
      const seq = /** @type {number} */ (recs[i + 1]) & 0xffff;
      const roc = /** @type {number} */ (recs[i + 3]);
      if (slot.ivRoc !== roc) ivBase(slot, roc);
      const iv = slot.iv;
      iv[10] = slot.salt10 ^ (seq >>> 8);
      iv[11] = slot.salt11 ^ (seq & 0xff);
      const cipher = createCipheriv('aes-128-gcm', slot.key, iv);
      cipher.setAAD(header);
      const encrypted = cipher.update(payload);
      cipher.final();
      // One datagram from three buffers (sendmsg's gather list): no copy of the payload into a new packet.
      // No callback: Node then skips a completion callback per packet; errors come as the socket's 'error'.
      socket.send([header, encrypted, cipher.getAuthTag()], slot.port, slot.host);
      this.sent++;
      this.bytes += header.length + encrypted.length + 16;
    }
    return this.sent - before;
  }

  stats() {
    // A dgram send that cannot go out is reported later as an 'error' event, never as a drop.
    return { sent: this.sent, bytes: this.bytes, errors: this.errors, dropped: 0 };
  }

  close() {
    for (const socket of this.sockets.values()) socket.close();
    this.sockets.clear();
    this.slots.clear();
  }
}

/**
 * The header (the cipher's additional data) is the slot's template with this packet's marker, sequence number,
 * timestamp and abs-send-time patched, in a buffer of its own.
 * @param {Slot} slot @param {Uint32Array} recs @param {number} i
 */
const patchedHeader = (slot, recs, i) => {
  const seqMarker = /** @type {number} */ (recs[i + 1]);
  const seq = seqMarker & 0xffff;
  const ts = /** @type {number} */ (recs[i + 2]);
  const header = Buffer.allocUnsafe(slot.header.length);
  slot.header.copy(header, 0);
  if (seqMarker & 0x10000) header[1] = /** @type {number} */ (header[1]) | 0x80;
  header[2] = seq >>> 8;
  header[3] = seq & 0xff;
  header[4] = ts >>> 24;
  header[5] = (ts >>> 16) & 0xff;
  header[6] = (ts >>> 8) & 0xff;
  header[7] = ts & 0xff;
  const abs = slot.absOffset;
  if (abs >= 0) {
    const a = /** @type {number} */ (recs[i + 5]);
    header[abs] = (a >>> 16) & 0xff;
    header[abs + 1] = (a >>> 8) & 0xff;
    header[abs + 2] = a & 0xff;
  }
  return header;
};

/**
 * The IV's first ten bytes change only with the rollover counter (IV = salt XOR (00 00 | SSRC | ROC | SEQ)):
 * they are rebuilt then, and each packet writes only the last two.
 * @param {Slot} slot @param {number} roc
 */
const ivBase = (slot, roc) => {
  const iv = slot.iv;
  iv.fill(0);
  iv.writeUInt32BE(slot.ssrc, 2);
  iv.writeUInt32BE(roc, 6);
  for (let k = 0; k < 12; k++) iv[k] = /** @type {number} */ (iv[k]) ^ /** @type {number} */ (slot.salt[k]);
  slot.ivRoc = roc;
};
