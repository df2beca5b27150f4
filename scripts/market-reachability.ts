import { connect } from 'node:net';

/**
 * At start-up, whether the market-data service can be reached at all: one TCP connection to its host and port,
 * no HTTP request (nothing spent of its rate limit). Resolves null when it can, or the sentence the launcher
 * prints: what fails, what the site does without it, and how to run with the local stand-in instead.
 */
export const marketUnreachableReason = (marketDataUrl: string, timeoutMs = 4_000): Promise<string | null> => {
  const url = new URL(marketDataUrl);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port, timeout: timeoutMs });
    const fail = (why: string) => {
      socket.destroy();
      resolve(
        `Market data cannot be reached at ${url.origin} (${why}): token names, prices and charts will be missing. ` +
          'Without internet, start with MINTCAST_OFFLINE=1 npm start to use the local stand-in (sample tokens).',
      );
    };
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('timeout', () => fail(`no answer in ${timeoutMs / 1000} s`));
    socket.once('error', (err: NodeJS.ErrnoException) => fail(err.code ?? err.message));
  });
};
