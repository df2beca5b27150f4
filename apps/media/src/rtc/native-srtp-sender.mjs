// @ts-check
/**
 * The native SRTP sender (decision 019): @mintcast/srtp-native's addon keeps one AES-128-GCM context per slot
 * and encrypts and sends a whole batch in one call (sendmmsg on each subscriber's socket, never blocking).
 * Same interface as js-srtp-sender.mjs; `openSrtpSender` picks between them.
 */
import { loadSrtpNative } from '@mintcast/srtp-native';
import { JsSrtpSender } from './js-srtp-sender.mjs';
import { socketFd } from './udp-handle.mjs';

export class NativeSrtpSender {
  /** @readonly */
  path = 'native';

  /** @param {import('@mintcast/srtp-native').SrtpSender} addon */
  constructor(addon) {
    /** @private */
    this.addon = addon;
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
 * The native sender unless MEDIA_NATIVE_SRTP=off, `native` is false or the addon does not load; then the
 * JavaScript one, with the reason.
 * @param {{ native?: boolean, load?: typeof loadSrtpNative }} [options]
 * @returns {{ sender: NativeSrtpSender | JsSrtpSender, reason?: string }}
 */
export const openSrtpSender = ({ native = true, load = loadSrtpNative } = {}) => {
  const off = nativeOff(native);
  if (off) return { sender: new JsSrtpSender(), reason: off };
  const loaded = load();
  if (!loaded.addon) return { sender: new JsSrtpSender(), reason: loaded.reason };
  return { sender: new NativeSrtpSender(new loaded.addon.Sender()) };
};

/**
 * The native sender alone (the SFU process's own path when it has no workers), or why not.
 * @param {{ native?: boolean, load?: typeof loadSrtpNative }} [options]
 * @returns {{ sender: NativeSrtpSender, reason?: undefined } | { sender?: undefined, reason: string }}
 */
export const openNativeSrtpSender = ({ native = true, load = loadSrtpNative } = {}) => {
  const off = nativeOff(native);
  if (off) return { reason: off };
  const loaded = load();
  if (!loaded.addon) return { reason: loaded.reason };
  return { sender: new NativeSrtpSender(new loaded.addon.Sender()) };
};

/** Why the native path is not to be used, if it is not. @param {boolean} native */
const nativeOff = (native) => {
  if (process.env.MEDIA_NATIVE_SRTP === 'off') return 'MEDIA_NATIVE_SRTP=off';
  if (!native) return 'nativeSrtp: false';
  return undefined;
};
