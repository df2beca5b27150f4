/**
 * Sequence continuity, end to end: a werift publisher sends VP8-shaped RTP through the SFU to a werift
 * viewer. When the viewer throws away 10 % of what arrives, its NACKs must bring the missing packets back
 * from the SFU's send history — on an RTX stream when the viewer negotiated RTX, else on the media SSRC.
 * When the publisher mixes in padding-only packets, the viewer must still see no holes in the numbering.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useMediaServer } from './helpers/media-server.ts';
import { joinToken } from './helpers/tokens.ts';
import { WeriftPublisher } from './helpers/werift-publisher.ts';
import { WeriftViewer } from './helpers/werift-viewer.ts';

const media = useMediaServer();
const publishers: WeriftPublisher[] = [];
const viewers: WeriftViewer[] = [];

afterAll(async () => {
  for (const p of publishers) p.close();
  for (const v of viewers) await v.close().catch(() => undefined);
});

/** How many numbered packets a viewer is measured over (about 4 s of the publisher's video). */
const WINDOW_PACKETS = 480;

/**
 * Publishes in `room`, has a viewer watch for WINDOW_PACKETS packets, closes both, and returns the share of
 * the numbered packets the viewer got.
 */
const watch = async (
  room: string,
  opts: { rtx: boolean; dropIncomingPercent?: number; paddingPerFrame?: number; skipNumberEvery?: number },
) => {
  const publisher = new WeriftPublisher(
    media.url,
    await joinToken(`host-${room}`, room, { canPublish: true }, { metadata: '{"role":"host"}' }),
    { paddingPerFrame: opts.paddingPerFrame, skipNumberEvery: opts.skipNumberEvery },
  );
  publishers.push(publisher);
  await publisher.start(1_000);
  const viewer = new WeriftViewer(media.url, await joinToken(`viewer-${room}`, room, { canPublish: false }), {
    dropIncomingPercent: opts.dropIncomingPercent,
    rtx: opts.rtx,
  });
  viewers.push(viewer);
  await viewer.connect();
  await expect.poll(() => viewer.stats().received, { timeout: 15_000, interval: 200 }).toBeGreaterThan(100);
  const a = viewer.stats();
  // A window of packets rather than of time: on a busy machine the publisher's pace may vary.
  await expect
    .poll(() => viewer.stats().expected - a.expected, { timeout: 20_000, interval: 100 })
    .toBeGreaterThan(WINDOW_PACKETS);
  const b = viewer.stats();
  const expected = b.expected - a.expected;
  // Leaves the server to the next test alone (its counters included).
  publisher.close();
  await viewer.close();
  return { share: (b.received - a.received) / expected, rtxReceived: viewer.rtxReceived };
};

describe('forwarding to a werift viewer', () => {
  it('packets a viewer lost are retransmitted by the SFU (on the media SSRC without RTX)', async () => {
    const { share, rtxReceived } = await watch('nack', { rtx: false, dropIncomingPercent: 10 });
    // Without retransmission about 90 % would arrive; the last few packets may still be on their way.
    expect(share).toBeGreaterThan(0.97);
    expect(rtxReceived).toBe(0);
  }, 40_000);

  it('a viewer that negotiated RTX gets the retransmissions on its RTX stream', async () => {
    const { share, rtxReceived } = await watch('nack-rtx', { rtx: true, dropIncomingPercent: 10 });
    expect(share).toBeGreaterThan(0.97);
    expect(rtxReceived).toBeGreaterThan(10);
  }, 40_000);

  it("a publisher's padding-only packets leave no holes in what a viewer receives", async () => {
    // 4 media packets and 2 padding packets per frame: a hole per padding packet would make this 0.67.
    const { share } = await watch('padding', { rtx: true, paddingPerFrame: 2 });
    expect(share).toBeGreaterThan(0.99);
  }, 40_000);

  const downgrades = async () => {
    const text = await (await fetch(`${media.url.replace(/^ws/, 'http')}/metrics`)).text();
    return Number(/^media_loss_downgrades_total (\d+)$/m.exec(text)?.[1]);
  };

  it("a viewer's receiver reports of heavy loss reach the SFU and move it below its layer", async () => {
    const before = await downgrades();
    // Without RTX the retransmissions would count as received; on RTX the receiver reports the 30 % it lost.
    await watch('lossy', { rtx: true, dropIncomingPercent: 30 });
    expect(await downgrades()).toBeGreaterThan(before);
  }, 40_000);

  it("holes from the publisher's uplink are not taken for the viewer's loss", async () => {
    const before = await downgrades();
    // A third of the numbers never sent: the viewer reports them lost, but so did the SFU's own count.
    const { share } = await watch('uplink-loss', { rtx: true, skipNumberEvery: 2 });
    expect(share).toBeLessThan(0.7);
    expect(await downgrades()).toBe(before);
  }, 40_000);
});
