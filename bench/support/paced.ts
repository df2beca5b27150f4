import http from 'node:http';

/**
 * Open-loop load at a fixed rate: requests start on an even schedule (rate/100 every 10 ms) whatever the
 * answers do, so queueing shows up in the latencies. (autocannon's `overallRate` fires each second's
 * requests in a burst, which measures the burst, not the rate.) Returns each answered request's latency (ms)
 * and the count of failed ones.
 */
export const pacedLoad = async (
  url: string,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number; non2xx: number }> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const pending: Promise<void>[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      http
        .get(url, { agent }, (res) => {
          if ((res.statusCode ?? 0) >= 300) non2xx += 1;
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            resolve();
          });
        })
        .on('error', () => {
          errors += 1;
          resolve();
        });
    });
  const perTick = Math.max(1, Math.round(rate / 100));
  const start = performance.now();
  for (let i = 0; i < seconds * 100; i++) {
    for (let j = 0; j < perTick; j++) pending.push(one());
    const next = start + (i + 1) * 10;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors, non2xx };
};

/** The p-th percentile of a list of numbers. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
