import type { Socket } from 'node:dgram';

/** What a writer's sender needs to encrypt and send for it; sent again whenever one of these changes. */
export interface SlotState {
  socket: Socket;
  host: string;
  port: number;
  key: Buffer;
  salt: Buffer;
  ssrc: number;
  header: Buffer;
  absOffset: number;
}

/**
 * Where a subscriber's AES-GCM packets over UDP go to be encrypted and sent: the native sender in this process,
 * on its send threads or on this thread (decisions 018, 019; inline-sender.ts), or a send worker process on
 * Node's path (send-pool.ts). Every writer of the subscriber uses the same lane, each with a slot of its own.
 */
export interface PacketLane {
  /** False once the lane cannot send (its worker exited): writers then encrypt and send themselves. */
  readonly alive: boolean;
  /** A new writer slot. */
  slot(): number;
  configure(slot: number, s: SlotState): boolean;
  push(
    slot: number,
    marker: boolean,
    seq: number,
    ts: number,
    roc: number,
    abs: number,
    payload: Buffer,
  ): void;
  releaseSlot(slot: number): void;
  /** The subscriber left. */
  release(): void;
}
