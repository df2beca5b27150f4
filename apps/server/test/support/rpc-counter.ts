import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC pass-through in front of a node (anvil) that counts what the server asks of it, method by method
 * (batched requests counted one by one), and can play a node that is down (HTTP 500, nothing forwarded).
 */
export const startRpcCounter = async (target: string) => {
  const methods: string[] = [];
  let down = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        for (const m of [JSON.parse(body)].flat()) methods.push(String((m as { method?: unknown }).method));
      } catch {
        methods.push('(unparsable)');
      }
      if (down) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
        return;
      }
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** How many requests of `method` arrived since the last reset. */
    count: (method: string) => methods.filter((m) => m === method).length,
    total: () => methods.length,
    reset: () => {
      methods.length = 0;
    },
    setDown: (value: boolean) => {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
