/** Process-wide counters rendered as Prometheus text at `GET /metrics`. */
export class Metrics {
  receivedPackets = 0;
  forwardedPackets = 0;
  forwardedBytes = 0;
  droppedPackets = 0;
  plisSent = 0;
  lossDowngrades = 0;
  webhooksSent = 0;
  webhooksFailed = 0;

  render(gauges: { rooms: number; participants: number; tracks: number; subscriptions: number }): string {
    const lines: string[] = [];
    const add = (name: string, type: 'gauge' | 'counter', help: string, value: number) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
    };
    add('media_rooms', 'gauge', 'Open rooms.', gauges.rooms);
    add('media_participants', 'gauge', 'Connected participants.', gauges.participants);
    add('media_tracks', 'gauge', 'Published tracks.', gauges.tracks);
    add('media_subscriptions', 'gauge', 'Forwarded (subscribed) tracks.', gauges.subscriptions);
    add(
      'media_received_packets_total',
      'counter',
      'RTP packets received from publishers (media, not padding).',
      this.receivedPackets,
    );
    add(
      'media_forwarded_packets_total',
      'counter',
      'RTP packets forwarded to subscribers.',
      this.forwardedPackets,
    );
    add(
      'media_forwarded_bytes_total',
      'counter',
      'RTP payload bytes forwarded to subscribers.',
      this.forwardedBytes,
    );
    add(
      'media_dropped_packets_total',
      'counter',
      'RTP packets not forwarded: a subscriber waiting for a keyframe, or a late packet whose number went to another.',
      this.droppedPackets,
    );
    add('media_plis_sent_total', 'counter', 'Picture loss indications sent to publishers.', this.plisSent);
    add(
      'media_loss_downgrades_total',
      'counter',
      'Times a subscriber was moved to a lower layer because its receiver reported heavy loss.',
      this.lossDowngrades,
    );
    add('media_webhooks_sent_total', 'counter', 'Webhooks delivered.', this.webhooksSent);
    add('media_webhooks_failed_total', 'counter', 'Webhooks given up after retries.', this.webhooksFailed);
    return `${lines.join('\n')}\n`;
  }
}
