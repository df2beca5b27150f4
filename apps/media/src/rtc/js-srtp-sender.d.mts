import type { SrtpSender } from './srtp-sender.d.mts';

export declare class JsSrtpSender implements SrtpSender {
  readonly path: 'js';
  addSocket: SrtpSender['addSocket'];
  dropSocket: SrtpSender['dropSocket'];
  setSlot: SrtpSender['setSlot'];
  releaseSlot: SrtpSender['releaseSlot'];
  send: SrtpSender['send'];
  stats: SrtpSender['stats'];
  close: SrtpSender['close'];
}
