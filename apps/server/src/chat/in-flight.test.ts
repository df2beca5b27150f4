import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { installApiDocs } from '../http/api-docs.ts';
import { installErrorHandling } from '../http/errors.ts';
import { chatRoutes } from './chat.routes.ts';
import { createInFlightLimit } from './in-flight.ts';
import { createLoopLag } from './loop-lag.ts';

describe('chat posts in flight', () => {
  it('refuses a post beyond the in-flight slots with 429 chat_busy before its session is checked', async () => {
    const app = Fastify();
    installErrorHandling(app);
    await installApiDocs(app, { publicOrigin: 'http://localhost', checkResponses: false });
    let sessionChecks = 0;
    app.decorate('requireSession', async (request) => {
      sessionChecks += 1;
      request.session = { address: `0x${'a'.repeat(40)}`, sessionId: 's' };
    });
    // Posts that stay in progress until the test lets them finish.
    const held: (() => void)[] = [];
    const chat = {
      history: async () => ({ items: [], nextBefore: null }),
      post: () => new Promise<string>((resolve) => held.push(() => resolve('{"id":"1"}'))),
      remove: async () => {},
      mute: async () => ({ stream_id: '', address: '', muted_until: '' }),
    };
    const inFlight = createInFlightLimit(2);
    await app.register(chatRoutes, { chat, onPosted: () => {}, inFlight });
    const post = () =>
      app.inject({
        method: 'POST',
        url: `/api/streams/0x${'b'.repeat(40)}/messages`,
        payload: { content: 'hi' },
      });
    try {
      const first = post();
      const second = post();
      await vi.waitFor(() => expect(held).toHaveLength(2));

      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        error: { code: 'chat_busy', message: 'Chat is busy right now. Try again in a few seconds' },
      });
      expect(sessionChecks).toBe(2); // refused at the door: no session check, no statement

      held[0]?.();
      expect((await first).statusCode).toBe(201);
      // The slot is given back once the answer is out (also after a refusal or an error).
      await vi.waitFor(() => expect(inFlight.count).toBe(1));
      const fourth = post();
      await vi.waitFor(() => expect(held).toHaveLength(3));
      held[1]?.();
      held[2]?.();
      expect((await second).statusCode).toBe(201);
      expect((await fourth).statusCode).toBe(201);
      await vi.waitFor(() => expect(inFlight.count).toBe(0));
    } finally {
      for (const release of held) release();
      await app.close();
    }
  });
});

describe('chat posts while the process is overloaded', () => {
  it('refuses every post with 429 chat_busy while `overloaded` says so, and takes them again after', async () => {
    let overloaded = true;
    const limit = createInFlightLimit(4, { overloaded: () => overloaded });
    expect(limit.tryEnter()).toBe(false);
    expect(limit.count).toBe(0);
    overloaded = false;
    expect(limit.tryEnter()).toBe(true);
    expect(limit.count).toBe(1);
  });

  it('measures lasting event-loop lag: three late ticks in a row read as lag, one long task does not', () => {
    let now = 0;
    let tick = () => {};
    const lag = createLoopLag(10, 3, {
      now: () => now,
      repeat: (fn) => {
        tick = fn;
        return () => {};
      },
    });
    const tickAt = (t: number) => {
      now = t;
      tick();
    };
    tickAt(10);
    tickAt(20);
    tickAt(330); // one task held the loop for 300 ms
    tickAt(340);
    expect(lag.lagMs()).toBe(0);
    tickAt(650); // a backlog: every tick ~300 ms late
    tickAt(960);
    tickAt(1270);
    expect(lag.lagMs()).toBe(300);
    tickAt(1280);
    expect(lag.lagMs()).toBe(0);
  });
});
