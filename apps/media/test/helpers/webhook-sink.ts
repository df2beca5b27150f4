import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@livekit/protocol';
import { WebhookReceiver } from 'livekit-server-sdk';

/** A webhook endpoint that checks every delivery with livekit-server-sdk's WebhookReceiver. */
export async function startWebhookSink(apiKey: string, apiSecret: string) {
  const receiver = new WebhookReceiver(apiKey, apiSecret);
  const events: WebhookEvent[] = [];
  const rejected: string[] = [];
  const headers: Record<string, string | undefined>[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    headers.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'] });
    try {
      events.push(await receiver.receive(body, req.headers.authorization));
      res.writeHead(200).end('ok');
    } catch (err) {
      rejected.push(String(err));
      res.writeHead(401).end('bad');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    events,
    rejected,
    headers,
    names: () => events.map((e) => e.event),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
