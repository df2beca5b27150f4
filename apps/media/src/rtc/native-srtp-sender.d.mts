import type {
  SrtpSender as AddonSender,
  loadSrtpNative,
  SendThreadStats,
  SrtpSendThreads,
} from '@mintcast/srtp-native';
import type { SrtpSender } from './srtp-sender.d.mts';

export declare class NativeSrtpSender implements SrtpSender {
  constructor(addon: AddonSender | SrtpSendThreads);
  readonly path: 'native';
  addSocket: SrtpSender['addSocket'];
  dropSocket: SrtpSender['dropSocket'];
  setSlot: SrtpSender['setSlot'];
  releaseSlot: SrtpSender['releaseSlot'];
  send: SrtpSender['send'];
  stats: SrtpSender['stats'];
  close: SrtpSender['close'];
  /** Each send thread's totals, by thread; empty when it sends on the calling thread. */
  threadStats(): SendThreadStats[];
}

interface OpenOptions {
  /** False: the JavaScript path whatever is built (MEDIA_NATIVE_SRTP=off does the same for every sender). */
  native?: boolean;
  /** The addon loader (tests give one that fails). */
  load?: typeof loadSrtpNative;
}

export declare const openNativeSrtpSender: (
  options?: OpenOptions & {
    /** 2 or more: the addon's send threads, this many; else the calling thread. */
    threads?: number;
  },
) => { sender: NativeSrtpSender; reason?: undefined } | { sender?: undefined; reason: string };
