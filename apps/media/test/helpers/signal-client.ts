import { SignalRequest, SignalResponse } from '@livekit/protocol';
import WebSocket from 'ws';
import { waitFor } from './wait.ts';

type Message = SignalResponse['message'];

/**
 * A bare protocol client: opens `/rtc` like livekit-client does and records what the server
 * sends. It never answers the subscriber offer; enough for signalling and RoomService checks.
 */
export async function connectSignal(url: string, token: string, extraQuery = '') {
  const messages: Message[] = [];
  const ws = new WebSocket(
    `${url}/rtc?access_token=${token}&auto_subscribe=1&sdk=js&version=2.23.0&protocol=17${extraQuery}`,
  );
  ws.binaryType = 'nodebuffer';
  ws.on('message', (data: Buffer) => messages.push(SignalResponse.fromBinary(new Uint8Array(data)).message));
  let closed = false;
  ws.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    ws,
    messages,
    get closed() {
      return closed;
    },
    send(message: SignalRequest['message']) {
      ws.send(new SignalRequest({ message }).toBinary());
    },
    /** Waits for the first message of a kind (after `from`) and returns its value. */
    async next<C extends NonNullable<Message['case']>>(kind: C, from = 0, timeoutMs = 5_000) {
      const found = await waitFor(
        () => messages.slice(from).find((m) => m.case === kind),
        `signal ${kind}`,
        timeoutMs,
        20,
      );
      return found.value as Extract<Message, { case: C }>['value'];
    },
    /**
     * Sends a ping and waits for its pong. The server handles one socket's requests in order, so whatever a
     * request sent before it does synchronously (announce, publish, refuse) has been sent by then.
     */
    async roundTrip() {
      const from = messages.length;
      ws.send(new SignalRequest({ message: { case: 'ping', value: BigInt(Date.now()) } }).toBinary());
      await waitFor(() => messages.slice(from).some((m) => m.case === 'pong'), 'signal pong', 5_000, 20);
    },
    close() {
      ws.close();
    },
  };
}

export type SignalClient = Awaited<ReturnType<typeof connectSignal>>;
