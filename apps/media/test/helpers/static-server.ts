import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { PAGE_HTML } from './lk-page.ts';

const require = createRequire(import.meta.url);
const umdPath = join(dirname(require.resolve('livekit-client')), 'livekit-client.umd.js');

/** Serves the test page and livekit-client's UMD build (no bundler needed). */
export async function startStaticServer(): Promise<{ url: string; close(): Promise<void> }> {
  const umd = readFileSync(umdPath);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/livekit-client.umd.js')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(umd);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(PAGE_HTML);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
