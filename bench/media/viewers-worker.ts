/** Child process hosting N werift viewers; driven over IPC by viewer-capacity.ts. */
import { WeriftViewer } from '../../apps/media/test/helpers/werift-viewer.ts';

const viewers: WeriftViewer[] = [];

process.on(
  'message',
  async (msg: { cmd: 'add'; url: string; tokens: string[] } | { cmd: 'stats' } | { cmd: 'close' }) => {
    if (msg.cmd === 'add') {
      const added = msg.tokens.map((t) => new WeriftViewer(msg.url, t, { countOnly: true }));
      await Promise.all(added.map((v) => v.connect()));
      viewers.push(...added);
      process.send?.({ added: added.length });
    } else if (msg.cmd === 'stats') {
      const per = viewers.map((v) => v.stats());
      process.send?.({
        stats: per.reduce(
          (a, s) => ({
            received: a.received + s.received,
            expected: a.expected + s.expected,
            bytes: a.bytes + s.bytes,
          }),
          { received: 0, expected: 0, bytes: 0 },
        ),
        receiving: per.filter((s) => s.received > 0).length,
        verified: viewers.reduce((n, v) => n + v.verified, 0),
        verifyFailures: viewers.reduce((n, v) => n + v.verifyFailures, 0),
        cpu: process.cpuUsage(),
      });
    } else if (msg.cmd === 'close') {
      await Promise.all(viewers.map((v) => v.close().catch(() => undefined)));
      process.exit(0);
    }
  },
);

// Messages sent before this listener exists are lost: tell the parent when to start.
process.send?.({ ready: true });
