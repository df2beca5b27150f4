import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';
import type { PacketLane, SlotState } from './packet-lane.ts';
import { SendBatch } from './send-batch.ts';

/** The worker's source; production runs the bundle from apps/media/dist, next to src. */
const WORKER_FILE = [
  new URL('./send-worker.mjs', import.meta.url),
  new URL('../src/rtc/send-worker.mjs', import.meta.url),
]
  .map((u) => fileURLToPath(u))
  .find((p) => existsSync(p));

/**
 * How many more subscribers than the least-loaded worker a worker may have and still take a new subscriber of
 * a room it already serves. A message to a worker costs a wake-up (tens of µs), whatever it carries: a small
 * room kept on one worker costs one message per packet instead of one per worker; a large one still spreads.
 */
const ROOM_AFFINITY_SLACK = 32;

export type { SlotState } from './packet-lane.ts';

export interface WorkerStats {
  sent: number;
  bytes: number;
  errors: number;
  /** Datagrams the native sender dropped because the socket would have blocked (decision 019). */
  dropped: number;
  /** Batch messages this process posted to the worker (each costs the worker a wake-up). */
  batches: number;
}

/**
 * One send worker process: its batch of packets (one message per turn of the event loop, send-batch.ts), the
 * sockets it holds and its last reported counts.
 */
class SendWorker {
  readonly stats: WorkerStats = { sent: 0, bytes: 0, errors: 0, dropped: 0, batches: 0 };
  /** Subscribers assigned here that have not left. */
  load = 0;
  /** Of those, how many per room. */
  readonly rooms = new Map<string, number>();
  alive = true;
  private readonly sockets = new Set<Socket>();
  private readonly batch = new SendBatch((recs, payloads) => {
    if (this.post({ t: 'batch', recs, payloads })) this.stats.batches++;
  });

  constructor(
    readonly index: number,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (m: { t: string } & Omit<WorkerStats, 'batches'>) => {
      if (m.t !== 'stats') return;
      this.stats.sent = m.sent;
      this.stats.bytes = m.bytes;
      this.stats.errors = m.errors;
      this.stats.dropped = m.dropped;
    });
  }

  private post(message: unknown, handle?: Socket): boolean {
    if (!this.alive || !this.child.connected) return false;
    this.child.send(message as never, handle as never, (err) => {
      if (err) this.alive = false;
    });
    return true;
  }

  /** Hands over a subscriber socket once; the worker drops its copy when the SFU closes the socket. */
  private ensureSocket(socket: Socket, id: number): void {
    if (this.sockets.has(socket)) return;
    this.sockets.add(socket);
    this.post({ t: 'socket', id }, socket);
    socket.once('close', () => {
      this.sockets.delete(socket);
      this.post({ t: 'drop', id });
    });
  }

  configure(slot: number, s: SlotState, socketId: number): boolean {
    if (!this.alive) return false;
    this.ensureSocket(s.socket, socketId);
    const { socket: _, ...rest } = s;
    return this.post({ t: 'slot', slot, ...rest, socket: socketId });
  }

  release(slot: number): void {
    this.post({ t: 'release', slot });
  }

  push(slot: number, marker: boolean, seq: number, ts: number, roc: number, abs: number, payload: Buffer) {
    this.batch.push(slot, marker, seq, ts, roc, abs, payload);
  }

  close(): void {
    this.alive = false;
    if (this.child.connected) this.child.disconnect();
    this.child.kill();
  }
}

/** A subscriber's share of a worker: every writer of that subscriber sends through the same one. */
export class SendLane implements PacketLane {
  private released = false;
  constructor(
    private readonly pool: SendPool,
    readonly worker: SendWorker,
    private readonly room: string,
  ) {}

  get alive(): boolean {
    return this.worker.alive;
  }

  /** A new writer slot on this lane's worker. */
  slot(): number {
    return this.pool.nextSlot();
  }

  configure(slot: number, s: SlotState): boolean {
    return this.worker.configure(slot, s, this.pool.socketId(s.socket));
  }

  push(slot: number, marker: boolean, seq: number, ts: number, roc: number, abs: number, payload: Buffer) {
    this.worker.push(slot, marker, seq, ts, roc, abs, payload);
  }

  releaseSlot(slot: number): void {
    this.worker.release(slot);
  }

  /** The subscriber left: its worker counts one fewer. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.worker.load--;
    const left = (this.worker.rooms.get(this.room) ?? 1) - 1;
    if (left > 0) this.worker.rooms.set(this.room, left);
    else this.worker.rooms.delete(this.room);
  }
}

/**
 * `MEDIA_WORKERS` send worker processes on Node's path (decision 018; with the native addon the send workers
 * are its threads instead, inline-sender.ts). A new subscriber goes to the worker that already serves
 * most of its room, unless that one has more than ROOM_AFFINITY_SLACK subscribers above the least-loaded
 * worker, which then takes it; its packets' SRTP encryption and UDP send happen there.
 */
export class SendPool {
  private readonly workers: SendWorker[] = [];
  private slots = 0;
  private sockets = new WeakMap<Socket, number>();
  private socketCount = 0;

  private constructor(readonly size: number) {}

  /**
   * Starts `size` workers and waits for them; undefined (forwarding stays in this thread) below 2. `why` is why
   * the native addon's send threads are not used instead (logged).
   */
  static async start(size: number, log: Logger, why?: string): Promise<SendPool | undefined> {
    if (size < 2) return undefined;
    if (!WORKER_FILE) {
      log.warn('media_workers_unavailable', { reason: 'send-worker.mjs not found' });
      return undefined;
    }
    const pool = new SendPool(size);
    await Promise.all(
      Array.from({ length: size }, async (_, index) => {
        const child = fork(WORKER_FILE, [], {
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          execArgv: [],
        });
        await new Promise<void>((resolve, reject) => {
          child.once('error', reject);
          child.once('exit', (code, signal) =>
            reject(new Error(`send worker ${index} exited (${code ?? signal}) before it was ready`)),
          );
          child.once('message', () => resolve());
        });
        const worker = new SendWorker(index, child);
        child.on('exit', (code, signal) => {
          if (!worker.alive) return;
          worker.alive = false;
          log.error('media_worker_exited', { worker: index, code, signal });
        });
        pool.workers[index] = worker;
      }),
    );
    log.info('media_workers_started', { workers: size, srtp: 'js', ...(why ? { srtpReason: why } : {}) });
    return pool;
  }

  /** The lane for a new subscriber of `room` (see the class comment). */
  lane(room: string): SendLane | undefined {
    let least: SendWorker | undefined;
    let home: SendWorker | undefined;
    for (const w of this.workers) {
      if (!w.alive) continue;
      if (!least || w.load < least.load) least = w;
      const n = w.rooms.get(room) ?? 0;
      if (n > 0 && (!home || n > (home.rooms.get(room) ?? 0))) home = w;
    }
    if (!least) return undefined;
    const chosen = home && home.load <= least.load + ROOM_AFFINITY_SLACK ? home : least;
    chosen.load++;
    chosen.rooms.set(room, (chosen.rooms.get(room) ?? 0) + 1);
    return new SendLane(this, chosen, room);
  }

  nextSlot(): number {
    this.slots = (this.slots + 1) >>> 0;
    return this.slots;
  }

  socketId(socket: Socket): number {
    let id = this.sockets.get(socket);
    if (id === undefined) {
      id = ++this.socketCount;
      this.sockets.set(socket, id);
    }
    return id;
  }

  /** Each worker's last reported counts, by worker index. */
  stats(): WorkerStats[] {
    return this.workers.map((w) => ({ ...w.stats }));
  }

  close(): void {
    for (const w of this.workers) w.close();
  }
}
