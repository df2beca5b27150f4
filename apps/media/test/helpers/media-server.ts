import { afterAll, beforeAll } from 'vitest';
import { type MediaServer, type MediaServerOptions, startMediaServer } from '../../src/index.ts';
import { API_KEY, API_SECRET, KEYS } from './tokens.ts';
import { startWebhookSink } from './webhook-sink.ts';

type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;

export interface MediaServerFixture {
  /** The running server. */
  readonly server: MediaServer;
  /** Its signalling URL (`ws://127.0.0.1:<port>`), what livekit clients connect to. */
  readonly url: string;
  /** Its HTTP origin: Twirp, `/metrics`, `/whip`. */
  readonly http: string;
  /** The sink its webhooks go to, which checks their signatures (with `webhooks: true`). */
  readonly hooks: WebhookSink;
}

/**
 * The media server of a test file (or describe block): started with the test keys on a free loopback port
 * before its tests, closed after them, after the file's own afterAll hooks (which close their clients first).
 * With `webhooks: true` it delivers its webhooks to a sink that checks them like LiveKit's SDK does.
 */
export function useMediaServer(
  options: Partial<MediaServerOptions> & { webhooks?: boolean } = {},
): MediaServerFixture {
  const { webhooks, ...serverOptions } = options;
  let server: MediaServer | undefined;
  let hooks: WebhookSink | undefined;
  beforeAll(async () => {
    if (webhooks) hooks = await startWebhookSink(API_KEY, API_SECRET);
    server = await startMediaServer({
      port: 0,
      host: '127.0.0.1',
      keys: KEYS,
      logLevel: 'error',
      ...(hooks ? { webhookUrl: hooks.url } : {}),
      ...serverOptions,
    });
  });
  afterAll(async () => {
    await server?.close();
    await hooks?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useMediaServer: ${what} asked for before it started`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get url() {
      return started(server, 'the URL').url;
    },
    get http() {
      return started(server, 'the HTTP origin').url.replace(/^ws/, 'http');
    },
    get hooks() {
      return started(hooks, 'the webhook sink (webhooks: true)');
    },
  };
}
