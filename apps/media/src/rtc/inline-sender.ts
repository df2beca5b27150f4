import type { Socket } from 'node:dgram';
import type { SendThreadStats } from '@mintcast/srtp-native';
import { type NativeSrtpSender, openNativeSrtpSender } from './native-srtp-sender.mjs';
import type { PacketLane, SlotState } from './packet-lane.ts';
import { SendBatch } from './send-batch.ts';
import type { SrtpSenderStats } from './srtp-sender.d.mts';

/**
 * The native SRTP sender in the SFU process itself (decision 019): the writers' packets are collected over one
 * turn of the event loop and handed to the addon in one call. With `MEDIA_WORKERS` 0 or 1 the addon encrypts
 * and sends them in that call, on this thread; with 2 or more, on that many send threads of this process
 * (decision 018), each owning the subscribers whose sockets it was given. It keeps its own duplicate of each
 * subscriber socket's descriptor and closes it when werift closes the socket.
 */
export class InlineSender {
  private slots = 0;
  private readonly sockets = new WeakMap<Socket, number>();
  private socketCount = 0;
  private readonly batch: SendBatch;

  private constructor(private readonly native: NativeSrtpSender) {
    this.batch = new SendBatch((recs, payloads) => this.native.send(recs, payloads));
  }

  /**
   * The sender (on `threads` send threads when that is 2 or more), or why the addon is not to be or cannot be
   * used.
   */
  static start(nativeSrtp = true, threads = 0): { sender?: InlineSender; reason?: string } {
    const { sender, reason } = openNativeSrtpSender({ native: nativeSrtp, threads });
    return sender ? { sender: new InlineSender(sender) } : { reason };
  }

  /** The lane of a new subscriber. */
  lane(): PacketLane {
    return new InlineLane(this);
  }

  nextSlot(): number {
    this.slots = (this.slots + 1) >>> 0;
    return this.slots;
  }

  configure(slot: number, s: SlotState): boolean {
    const socket = this.socketId(s.socket);
    if (socket === undefined) return false;
    const { socket: _, ...rest } = s;
    return this.native.setSlot({ slot, socket, ...rest }) === undefined;
  }

  push(slot: number, marker: boolean, seq: number, ts: number, roc: number, abs: number, payload: Buffer) {
    this.batch.push(slot, marker, seq, ts, roc, abs, payload);
  }

  releaseSlot(slot: number): void {
    this.native.releaseSlot(slot);
  }

  stats(): SrtpSenderStats {
    return this.native.stats();
  }

  /** True when the addon sends on its own threads (`MEDIA_WORKERS` ≥ 2), not on this one. */
  get threaded(): boolean {
    return this.native.threadStats().length > 0;
  }

  /** Each send thread's totals (empty without threads), with the batches handed to it. */
  threadStats(): SendThreadStats[] {
    return this.native.threadStats();
  }

  close(): void {
    this.native.close();
  }

  /** The socket's id, handing its descriptor to the addon the first time; undefined if that failed. */
  private socketId(socket: Socket): number | undefined {
    const known = this.sockets.get(socket);
    if (known !== undefined) return known;
    const id = ++this.socketCount;
    if (!this.native.addSocket(id, socket)) return undefined;
    this.sockets.set(socket, id);
    // The duplicate would keep the port bound after werift closed its socket.
    socket.once('close', () => this.native.dropSocket(id));
    return id;
  }
}

class InlineLane implements PacketLane {
  readonly alive = true;
  constructor(private readonly sender: InlineSender) {}

  slot(): number {
    return this.sender.nextSlot();
  }

  configure(slot: number, s: SlotState): boolean {
    return this.sender.configure(slot, s);
  }

  push(slot: number, marker: boolean, seq: number, ts: number, roc: number, abs: number, payload: Buffer) {
    this.sender.push(slot, marker, seq, ts, roc, abs, payload);
  }

  releaseSlot(slot: number): void {
    this.sender.releaseSlot(slot);
  }

  release(): void {}
}
