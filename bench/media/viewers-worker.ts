/** Child process hosting N werift viewers; driven over IPC by viewer-capacity.ts. */
import { WeriftViewer } from '../../apps/media/test/helpers/werift-viewer.ts';

const viewers: WeriftViewer[] = [];
const tokens = new Map<WeriftViewer, { url: string; token: string }>();
/** Viewers joined again after their connection failed. */
let rejoined = 0;

/**
 * A load generator's viewer whose connection failed joins again, as livekit-client would: werift's DTLS client
 * gives up when a HelloVerifyRequest comes twice, which a busy machine provokes (its ClientHello retransmitted
 * after 1 s, each copy answered). Counted and printed, so a real failure to connect still shows.
 */
const rejoinFailed = () => {
  for (const [i, v] of viewers.entries()) {
    const join = tokens.get(v);
    if (!v.failed || !join) continue;
    void v.close().catch(() => undefined);
    const again = new WeriftViewer(join.url, join.token, { countOnly: true });
    tokens.delete(v);
    tokens.set(again, join);
    viewers[i] = again;
    rejoined++;
    void again.connect().catch(() => undefined);
  }
};

process.on(
  'message',
  async (
    msg:
      | { cmd: 'add'; url: string; tokens: string[] }
      | { cmd: 'stats'; rejoin?: boolean }
      | { cmd: 'close' },
  ) => {
    if (msg.cmd === 'add') {
      const added = msg.tokens.map((token) => {
        const v = new WeriftViewer(msg.url, token, { countOnly: true });
        tokens.set(v, { url: msg.url, token });
        return v;
      });
      await Promise.all(added.map((v) => v.connect()));
      viewers.push(...added);
      process.send?.({ added: added.length });
    } else if (msg.cmd === 'stats') {
      // Only while the bench waits for every viewer to receive: a measuring window keeps its viewers.
      if (msg.rejoin) rejoinFailed();
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
        rejoined,
        silent: viewers
          .filter((_, i) => (per[i]?.received ?? 0) === 0)
          .slice(0, 5)
          .map((v) => v.connectionDetail()),
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
