// @ts-check
/**
 * The native SRTP sender (decision 019): @mintcast/srtp-native's addon keeps one AES-128-GCM context per slot
 * and encrypts and sends a whole batch in one call (sendmmsg on each subscriber's socket, never blocking).
 * Same interface as js-srtp-sender.mjs (the fallback when `openNativeSrtpSender` says why not). It drives either the addon's
 * `Sender` (everything on the calling thread) or its `SendThreads` (the same work on send threads of this
 * process, decision 018).
 */
import { loadSrtpNative } from '@mintcast/srtp-native';
import { socketFd } from './udp-handle.mjs';

export class NativeSrtpSender {
  /** @readonly */
  path = 'native';

  /** @param {import('@mintcast/srtp-native').SrtpSender | import('@mintcast/srtp-native').SrtpSendThreads} addon */
  constructor(addon) {
    /** @private */
    this.addon = addon;
  }

  /**
   * Each send thread's totals, by thread; empty when this sender sends on the calling thread.
   * @returns {import('@mintcast/srtp-native').SendThreadStats[]}
   */
  threadStats() {
    return 'threadStats' in this.addon ? this.addon.threadStats() : [];
  }

  /**
   * Keeps the addon's own duplicate of the socket's descriptor; the caller may close its socket object after
   * (a worker does; the SFU process keeps werift's and calls dropSocket when werift closes it).
   * @param {number} id @param {import('node:dgram').Socket} socket
   */
  addSocket(id, socket) {
    const fd = socketFd(socket);
    return fd !== undefined && this.addon.addSocket(id, fd);
  }

  /** @param {number} id */
  dropSocket(id) {
    this.addon.dropSocket(id);
  }

  /** @param {import('./srtp-sender.d.mts').SrtpSlot} s */
  setSlot(s) {
    return this.addon.setSlot(s.slot, s.socket, s.host, s.port, s.key, s.salt, s.ssrc, s.header, s.absOffset);
  }

  /** @param {number} slot */
  releaseSlot(slot) {
    this.addon.releaseSlot(slot);
  }

  /** @param {Uint32Array} recs @param {Uint8Array[]} payloads */
  send(recs, payloads) {
    return this.addon.send(recs, payloads);
  }

  stats() {
    return this.addon.stats();
  }

  close() {
    this.addon.close();
  }
}

/**
 * The native sender alone (the SFU process's own path), or why not: on `threads` send threads when that is 2 or
 * more, else on the calling thread.
 * @param {{ native?: boolean, load?: typeof loadSrtpNative, threads?: number }} [options]
 * @returns {{ sender: NativeSrtpSender, reason?: undefined } | { sender?: undefined, reason: string }}
 */
export const openNativeSrtpSender = ({ native = true, load = loadSrtpNative, threads = 0 } = {}) => {
  const off = nativeOff(native);
  if (off) return { reason: off };
  const loaded = load();
  if (!loaded.addon) return { reason: loaded.reason };
  const { Sender, SendThreads } = loaded.addon;
  return { sender: new NativeSrtpSender(threads >= 2 ? new SendThreads(threads) : new Sender()) };
};

/** Why the native path is not to be used, if it is not. @param {boolean} native */
const nativeOff = (native) => {
  if (process.env.MEDIA_NATIVE_SRTP === 'off') return 'MEDIA_NATIVE_SRTP=off';
  if (!native) return 'nativeSrtp: false';
  return undefined;
};
