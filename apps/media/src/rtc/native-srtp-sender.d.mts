import type { SrtpSender as AddonSender, loadSrtpNative } from '@mintcast/srtp-native';
import type { JsSrtpSender } from './js-srtp-sender.mjs';
import type { SrtpSender } from './srtp-sender.d.mts';

export declare class NativeSrtpSender implements SrtpSender {
  constructor(addon: AddonSender);
  readonly path: 'native';
  addSocket: SrtpSender['addSocket'];
  dropSocket: SrtpSender['dropSocket'];
  setSlot: SrtpSender['setSlot'];
  releaseSlot: SrtpSender['releaseSlot'];
  send: SrtpSender['send'];
  stats: SrtpSender['stats'];
  close: SrtpSender['close'];
}

interface OpenOptions {
  /** False: the JavaScript path whatever is built (MEDIA_NATIVE_SRTP=off does the same for every sender). */
  native?: boolean;
  /** The addon loader (tests give one that fails). */
  load?: typeof loadSrtpNative;
}

export declare const openSrtpSender: (options?: OpenOptions) => {
  sender: NativeSrtpSender | JsSrtpSender;
  reason?: string;
};

export declare const openNativeSrtpSender: (
  options?: OpenOptions,
) => { sender: NativeSrtpSender; reason?: undefined } | { sender?: undefined; reason: string };
