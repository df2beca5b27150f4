// @ts-check
/**
 * One media send worker process on Node's path (decision 018): a child process that encrypts already-rewritten
 * RTP with SRTP AEAD_AES_128_GCM (RFC 7714) with Node's createCipheriv and sends it with dgram
 * (js-srtp-sender.mjs) on the subscriber's own UDP socket, which the SFU process passed here (the same file
 * description, so the viewer sees the nominated ICE pair's address). The SFU process keeps ICE, DTLS, RTCP, NACK
 * and every forwarding decision; this process only does the per-viewer cipher and send, which is most of what a
 * viewer costs. Plain JavaScript so that production (built bundles, plain Node, decision 010) can start it as it
 * is. The SFU starts these only when the native addon's send threads cannot be used (decision 019: not built,
 * or MEDIA_NATIVE_SRTP=off).
 *
 * Messages (child_process IPC, advanced serialization):
 *   { t: 'socket', id }, with a dgram socket handle   a subscriber's socket; this process never reads it
 *   { t: 'drop', id }                                  that socket closed in the SFU process
 *   { t: 'slot', slot, socket, host, port, key, salt, ssrc, header, absOffset }   one writer's send state
 *   { t: 'release', slot }
 *   { t: 'batch', recs: Uint32Array, payloads: Buffer[] }   6 words per packet: slot, seq | marker << 16,
 *                                                           timestamp, rollover counter, payload index, abs-send-time
 * It answers { t: 'ready' } once, then { t: 'stats', sent, bytes, errors, dropped } every second.
 */
import { JsSrtpSender } from './js-srtp-sender.mjs';

const sender = new JsSrtpSender();
let errors = 0;

/** @param {any} m @param {any} handle */
const onMessage = (m, handle) => {
  switch (m.t) {
    case 'batch':
      sender.send(m.recs, m.payloads);
      break;
    case 'slot':
      if (sender.setSlot(m) !== undefined) errors++;
      break;
    case 'release':
      sender.releaseSlot(m.slot);
      break;
    case 'socket':
      if (!handle) break;
      if (!sender.addSocket(m.id, handle)) errors++;
      break;
    case 'drop':
      sender.dropSocket(m.id);
      break;
  }
};

process.on('message', (/** @type {any} */ m, /** @type {any} */ handle) => {
  // A message this sender refuses (a TypeError from the addon) costs that message, not the worker.
  try {
    onMessage(m, handle);
  } catch {
    errors++;
  }
});

setInterval(() => {
  const s = sender.stats();
  process.send?.({ t: 'stats', sent: s.sent, bytes: s.bytes, errors: s.errors + errors, dropped: s.dropped });
}, 1000);
process.on('disconnect', () => process.exit(0));
process.send?.({ t: 'ready' });
