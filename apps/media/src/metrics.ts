import { Counter, Gauge, Registry } from 'prom-client';
import type { WorkerStats } from './rtc/send-pool.ts';

type Gauges = { rooms: number; participants: number; tracks: number; subscriptions: number };
type CounterField =
  | 'receivedPackets'
  | 'forwardedPackets'
  | 'forwardedBytes'
  | 'droppedPackets'
  | 'plisSent'
  | 'lossDowngrades'
  | 'earlyDtlsDatagrams'
  | 'webhooksSent'
  | 'webhooksFailed';

const COUNTERS: [CounterField, string, string][] = [
  [
    'receivedPackets',
    'media_received_packets_total',
    'RTP packets received from publishers (media, not padding).',
  ],
  ['forwardedPackets', 'media_forwarded_packets_total', 'RTP packets forwarded to subscribers.'],
  ['forwardedBytes', 'media_forwarded_bytes_total', 'RTP payload bytes forwarded to subscribers.'],
  [
    'droppedPackets',
    'media_dropped_packets_total',
    'RTP packets not forwarded: a subscriber waiting for a keyframe, or a late packet whose number went to another.',
  ],
  ['plisSent', 'media_plis_sent_total', 'Picture loss indications sent to publishers.'],
  [
    'lossDowngrades',
    'media_loss_downgrades_total',
    'Times a subscriber was moved to a lower layer because its receiver reported heavy loss.',
  ],
  [
    'earlyDtlsDatagrams',
    'media_dtls_early_datagrams_total',
    'DTLS datagrams that arrived before DTLS started on our side, held and handed over when it did.',
  ],
  ['webhooksSent', 'media_webhooks_sent_total', 'Webhooks delivered.'],
  ['webhooksFailed', 'media_webhooks_failed_total', 'Webhooks given up after retries.'],
];

const GAUGES: [keyof Gauges, string, string][] = [
  ['rooms', 'media_rooms', 'Open rooms.'],
  ['participants', 'media_participants', 'Connected participants.'],
  ['tracks', 'media_tracks', 'Published tracks.'],
  ['subscriptions', 'media_subscriptions', 'Forwarded (subscribed) tracks.'],
];

/**
 * Process-wide counters served as Prometheus text at `GET /metrics` through prom-client (the API server's
 * format). The packet path only adds to plain fields (it runs per RTP packet); prom-client reads them when
 * scraped. One registry per media server: tests start several in one process.
 */
export class Metrics implements Record<CounterField, number> {
  receivedPackets = 0;
  forwardedPackets = 0;
  forwardedBytes = 0;
  droppedPackets = 0;
  plisSent = 0;
  lossDowngrades = 0;
  earlyDtlsDatagrams = 0;
  webhooksSent = 0;
  webhooksFailed = 0;

  readonly registry = new Registry();
  private gauges: () => Gauges = () => ({ rooms: 0, participants: 0, tracks: 0, subscriptions: 0 });

  constructor() {
    const metrics = this;
    for (const [field, name, help] of COUNTERS) {
      let reported = 0;
      new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.inc(metrics[field] - reported);
          reported = metrics[field];
        },
      });
    }
    for (const [key, name, help] of GAUGES) {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(metrics.gauges()[key]);
        },
      });
    }
  }

  /** Where the room gauges are read from at scrape time. */
  readGaugesFrom(read: () => Gauges): void {
    this.gauges = read;
  }

  /** Where each send worker's counts are read from at scrape time (decision 018). */
  readWorkersFrom(read: () => WorkerStats[]): void {
    // A counter per worker fed from that worker's running total, adding what it grew since the last scrape.
    const perWorker = (name: string, help: string, field: 'sent' | 'batches') => {
      const reported: number[] = [];
      new Counter({
        name,
        help,
        labelNames: ['worker'],
        registers: [this.registry],
        collect() {
          read().forEach((s, i) => {
            this.inc({ worker: String(i) }, s[field] - (reported[i] ?? 0));
            reported[i] = s[field];
          });
        },
      });
    };
    perWorker(
      'media_worker_sent_packets_total',
      'RTP packets a send worker (thread or process, decision 018) encrypted and sent to subscribers, by worker.',
      'sent',
    );
    perWorker(
      'media_worker_batches_total',
      'Batches the SFU process handed to a send worker, by worker (packets sent / batches = packets per wake-up).',
      'batches',
    );
    new Gauge({
      name: 'media_workers',
      help: "Send workers (MEDIA_WORKERS): the native addon's send threads, or worker processes on Node's path.",
      registers: [this.registry],
      collect() {
        this.set(read().length);
      },
    });
  }

  /**
   * Which SRTP path sends subscribers' packets, what the native one dropped, and what this process sent
   * through it when it has no send workers (decision 019).
   */
  readSrtpFrom(read: () => { native: boolean; dropped: number; inlineSent: number }): void {
    new Gauge({
      name: 'media_srtp_native',
      help: "1 when subscribers' packets are encrypted and sent by the native addon (decision 019), 0 when by Node's createCipheriv and dgram.",
      registers: [this.registry],
      collect() {
        this.set(read().native ? 1 : 0);
      },
    });
    let inlineReported = 0;
    new Counter({
      name: 'media_inline_sent_packets_total',
      help: 'RTP packets the SFU process itself encrypted and sent through the native addon (no send workers).',
      registers: [this.registry],
      collect() {
        const sent = read().inlineSent;
        this.inc(sent - inlineReported);
        inlineReported = sent;
      },
    });
    let reported = 0;
    new Counter({
      name: 'media_send_dropped_packets_total',
      help: "RTP packets the native sender dropped because a subscriber socket's send buffer was full (it never blocks).",
      registers: [this.registry],
      collect() {
        const dropped = read().dropped;
        this.inc(dropped - reported);
        reported = dropped;
      },
    });
  }

  /** The Prometheus text of every series. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
