/**
 * A publisher's UDP sockets get a larger receive buffer than the kernel's default once its peer connection is
 * connected (receive-buffer.ts): a keyframe burst arriving while the SFU's thread is busy must not overflow it.
 */
import { createSocket } from 'node:dgram';
import { afterEach, expect, it } from 'vitest';
import { RTCPeerConnection, useSdesMid } from 'werift';
import { vp8Codec } from '../../test/helpers/werift-viewer.ts';
import type { ServerContext } from '../config.ts';
import { createLogger } from '../logger.ts';
import { PublisherTransport } from './publisher-transport.ts';

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** What a UDP socket gets from this kernel when nobody asks for more (`net.core.rmem_default`, doubled). */
const defaultReceiveBuffer = async () => {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const size = s.getRecvBufferSize();
  s.close();
  return size;
};

/** The UDP sockets of `pc`'s ICE connections (werift's internals, as receive-buffer.ts reaches them). */
const sockets = (pc: RTCPeerConnection) =>
  pc.dtlsTransports.flatMap((t) =>
    (
      (
        t as unknown as {
          iceTransport: { connection: { protocols: { transport?: { socket?: unknown } }[] } };
        }
      ).iceTransport.connection.protocols ?? []
    ).flatMap((p) => (p.transport?.socket ? [p.transport.socket as { getRecvBufferSize(): number }] : [])),
  );

it('a publisher transport enlarges its UDP sockets receive buffers once connected', async () => {
  const ctx = {
    keys: {},
    iceServers: [],
    onEarlyDtls: () => undefined,
    log: createLogger('error'),
  } as unknown as ServerContext;
  const client = new RTCPeerConnection({
    iceServers: [],
    codecs: { video: [vp8Codec()] },
    headerExtensions: { video: [useSdesMid()] },
  });
  const answers: string[] = [];
  const server = new PublisherTransport(ctx, {
    sendAnswer: (sdp) => answers.push(sdp),
    sendTrickle: (c) => void client.addIceCandidate(JSON.parse(c)).catch(() => undefined),
    onOffer: () => undefined,
    onFailed: () => undefined,
    onDataChannel: () => undefined,
  });
  closing.push(
    () => server.close(),
    () => client.close(),
  );
  client.onIceCandidate.subscribe((c) => {
    if (c?.candidate) void server.pc.addIceCandidate(c).catch(() => undefined);
  });
  client.addTransceiver('video', { direction: 'sendonly' });
  await client.setLocalDescription(await client.createOffer());
  await server.handleOffer(client.localDescription?.sdp ?? '', 1);
  await client.setRemoteDescription({ type: 'answer', sdp: answers[0] ?? '' });
  await expect.poll(() => server.pc.connectionState, { timeout: 20_000, interval: 50 }).toBe('connected');

  const fresh = await defaultReceiveBuffer();
  const sizes = sockets(server.pc).map((s) => s.getRecvBufferSize());
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) expect(size).toBeGreaterThan(fresh);
});
