/**
 * Child process: the ceiling for the chat benchmark — a bare `ws` server that broadcasts every
 * `POST /post` body to all sockets (no database, no validation). Same output lines as chat-server.ts.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(404).end();
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', () => {
    const frame = JSON.stringify({ type: 'message_inserted', channel: 'bench', message: JSON.parse(body) });
    for (const c of wss.clients) c.send(frame);
    res.writeHead(201, { 'content-type': 'application/json' }).end(body);
  });
});
const wss = new WebSocketServer({ server });
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log('TOKENS []');
  console.log(`READY ${typeof a === 'object' && a ? a.port : 0}`);
});
setInterval(() => {
  const m = process.memoryUsage();
  console.log(`MEM ${m.rss} ${m.heapUsed} ${m.external} ${m.arrayBuffers}`);
}, 1000).unref();
process.once('SIGTERM', () => process.exit(0));
