/**
 * The push service of bench/push/go-live-push.ts, in its own process (as a real push service is on another
 * machine): the tests' RFC 8030 stand-in (apps/server/test/support/push-standin.ts). It checks every POST's
 * VAPID signature and encoding headers and accepts it; one browser in DECRYPT_EVERY (100) also decrypts its
 * aes128gcm body as the browser would (proof the payloads are real), the others only count it: a push service
 * never decrypts, and decrypting 10,000 here would take the CPU the server under test needs on this machine.
 *
 * Env: VAPID_PUBLIC_KEY, BROWSERS (how many), SUBSCRIPTIONS_FILE (where the browsers' subscriptions are written
 * as JSON). Prints `READY <port>` when they are written, then `ACCEPTED <n> <epoch ms>` at each 1,000 accepted
 * pushes and at the last one, and `REJECTED <message>` for a push it could not verify or decrypt.
 */
import { writeFileSync } from 'node:fs';
import { startPushStandin, type TestBrowser } from '../../apps/server/test/support/push-standin.ts';

const n = Number(process.env.BROWSERS ?? 10_000);
const standin = await startPushStandin(String(process.env.VAPID_PUBLIC_KEY));
const every = Number(process.env.DECRYPT_EVERY ?? 100);
const browsers: TestBrowser[] = Array.from({ length: n }, (_, i) =>
  standin.browser(201, { decrypt: i % every === 0 }),
);
writeFileSync(String(process.env.SUBSCRIPTIONS_FILE), JSON.stringify(browsers.map((b) => b.subscription)));
console.log(`READY ${new URL(standin.url).port}`);

// The accepted count, on a short tick (the time printed is at most one tick late).
let reported = 0;
let rejectedReported = 0;
const timer = setInterval(() => {
  const accepted = standin.accepted();
  const now = Date.now();
  if (accepted !== reported && (Math.floor(accepted / 1000) > Math.floor(reported / 1000) || accepted >= n)) {
    const decrypted = browsers.reduce((sum, b) => sum + b.received.length, 0);
    console.log(`ACCEPTED ${accepted} ${now} ${decrypted}`);
  }
  reported = accepted;
  while (rejectedReported < standin.rejected.length)
    console.log(`REJECTED ${standin.rejected[rejectedReported++]}`);
}, 20);
process.on('SIGTERM', () => {
  clearInterval(timer);
  void standin.close().then(() => process.exit(0));
});
