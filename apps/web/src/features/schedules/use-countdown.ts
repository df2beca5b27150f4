import { ELAPSED_TICK_MS, formatElapsed } from '@mintcast/contracts';
import { useEffect, useState } from 'react';

const DAY_S = 86_400;

/** Whole days, and the rest as h:mm:ss (m:ss under an hour), of the time until an instant; never negative. */
export const countdownParts = (ms: number): { days: number; clock: string; done: boolean } => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(s / DAY_S), clock: formatElapsed(s % DAY_S), done: s === 0 };
};

/** The time until `target` (epoch ms), ticking every second. */
export const useCountdown = (target: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ELAPSED_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return countdownParts(target - now);
};
