import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';

/** The worker's source; production runs the bundle from apps/media/dist, next to src. */
const WORKER_FILE = [
  new URL('./send-worker.mjs', import.meta.url),
  new URL('../src/rtc/send-worker.mjs', import.meta.url),
]
  .map((u) => fileURLToPath(u))
  .find((p) => existsSync(p));

/** Words per packet in a batch: slot, seq | marker << 16, timestamp, rollover counter, payload index, abs-send-time. */
const WORDS = 6;

/** What a writer's worker needs to encrypt and send for it; sent again whenever one of these changes. */
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

export interface WorkerStats {
  sent: number;
  bytes: number;
  errors: number;
}

/**
 * One send worker process: its batch for the packet being fanned out now (sent at the end of the current
 * task, so every viewer of one incoming packet shares one message and one copy of the payload), the sockets
 * it holds and its last reported counts.
 */
class SendWorker {
  readonly stats: WorkerStats = { sent: 0, bytes: 0, errors: 0 };
  /** Subscribers assigned here that have not left. */
  load = 0;
  alive = true;
  private readonly sockets = new Set<Socket>();
  private recs = new Uint32Array(WORDS * 64);
  private count = 0;
  private payloads: Buffer[] = [];
  private scheduled = false;

  constructor(
    readonly index: number,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (m: { t: string } & WorkerStats) => {
      if (m.t !== 'stats') return;
      this.stats.sent = m.sent;
      this.stats.bytes = m.bytes;
      this.stats.errors = m.errors;
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
    let p = this.payloads.length - 1;
    if (this.payloads[p] !== payload) {
      this.payloads.push(payload);
      p++;
    }
    if ((this.count + 1) * WORDS > this.recs.length) {
      const bigger = new Uint32Array(this.recs.length * 2);
      bigger.set(this.recs);
      this.recs = bigger;
    }
    const o = this.count * WORDS;
    const r = this.recs;
    r[o] = slot;
    r[o + 1] = seq | (marker ? 0x10000 : 0);
    r[o + 2] = ts;
    r[o + 3] = roc;
    r[o + 4] = p;
    r[o + 5] = abs;
    this.count++;
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.flush);
    }
  }

  private readonly flush = () => {
    this.scheduled = false;
    if (this.count === 0) return;
    const recs = this.recs.slice(0, this.count * WORDS);
    const payloads = this.payloads;
    this.count = 0;
    this.payloads = [];
    this.post({ t: 'batch', recs, payloads });
  };

  close(): void {
    this.alive = false;
    if (this.child.connected) this.child.disconnect();
    this.child.kill();
  }
}

/** A subscriber's share of a worker: every writer of that subscriber sends through the same one. */
export class SendLane {
  private released = false;
  constructor(
    private readonly pool: SendPool,
    readonly worker: SendWorker,
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
  }
}

/**
 * `MEDIA_WORKERS` send worker processes (decision 018). New subscribers go to the least-loaded one; their
 * packets' SRTP encryption and UDP send happen there.
 */
export class SendPool {
  private readonly workers: SendWorker[] = [];
  private slots = 0;
  private sockets = new WeakMap<Socket, number>();
  private socketCount = 0;

  private constructor(readonly size: number) {}

  /** Starts `size` workers and waits for them; undefined (forwarding stays in this thread) below 2. */
  static async start(size: number, log: Logger): Promise<SendPool | undefined> {
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
        const worker = new SendWorker(index, child);
        child.on('exit', (code, signal) => {
          if (!worker.alive) return;
          worker.alive = false;
          log.error('media_worker_exited', { worker: index, code, signal });
        });
        await new Promise<void>((resolve, reject) => {
          child.once('error', reject);
          child.once('message', () => resolve());
        });
        pool.workers[index] = worker;
      }),
    );
    log.info('media_workers_started', { workers: size });
    return pool;
  }

  /** The lane for a new subscriber: the live worker with the fewest subscribers. */
  lane(): SendLane | undefined {
    let best: SendWorker | undefined;
    for (const w of this.workers) if (w.alive && (!best || w.load < best.load)) best = w;
    if (!best) return undefined;
    best.load++;
    return new SendLane(this, best);
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
