import { ELAPSED_TICK_MS, formatElapsed } from '@mintcast/contracts';
import { useEffect, useRef, useState } from 'react';

/** Time since `startedAt` as m:ss (h:mm:ss past an hour), ticking every second (spec §9). */
export const useElapsed = (startedAt: number, onTick?: () => void): string => {
  const [now, setNow] = useState(() => Date.now());
  const tickRef = useRef(onTick);
  tickRef.current = onTick;
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      tickRef.current?.();
    }, ELAPSED_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return formatElapsed((now - startedAt) / 1000);
};
