import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  body: Record<string, unknown>;
}

/** An HTTP server on loopback recording JSON POSTs; `route` answers each. */
const startRecorder = async (
  route: (req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse) => void,
) => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        res.writeHead(400).end();
        return;
      }
      received.push({ path: req.url ?? '', body });
      route(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * The Telegram Bot API (`POST /bot<token>/getMe`, `/bot<token>/sendMessage`): tokens in `bots` are valid, any
 * other is 401 Unauthorized, as Telegram answers.
 */
export const startTelegramStandin = async (bots: string[]) => {
  const valid = new Set(bots);
  const r = await startRecorder((req, body, res) => {
    const m = /^\/bot([^/]+)\/(getMe|sendMessage)$/.exec(req.url ?? '');
    if (!m || !valid.has(m[1]!))
      return json(res, m ? 401 : 404, { ok: false, error_code: 401, description: 'Unauthorized' });
    if (m[2] === 'getMe')
      return json(res, 200, { ok: true, result: { id: 1, is_bot: true, username: 'mint_bot' } });
    return json(res, 200, {
      ok: true,
      result: { message_id: 1, chat: { id: body.chat_id }, text: body.text },
    });
  });
  return { ...r, messages: () => r.received.filter((x) => x.path.endsWith('/sendMessage')) };
};

/** A Discord webhook endpoint: `POST /api/webhooks/{id}/{token}` → 204. */
export const startDiscordStandin = () =>
  startRecorder((req, _body, res) => {
    res.writeHead(/^\/api\/webhooks\/\d+\/[\w-]+$/.test(req.url ?? '') ? 204 : 404).end();
  });
