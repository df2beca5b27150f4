import { useEffect, useMemo } from 'react';
import type { HealthSource, THealth } from '../../features/cockpit/health.ts';
import { useIngestHealthQuery } from '../../queries/ingest.ts';

/**
 * The cockpit's health for a stream published from streaming software: what the media server receives,
 * polled while `live` (the browser has no getStats for OBS's upload). Null when the media server cannot
 * measure it (an external LiveKit); `failed` when the last reading could not be fetched.
 */
export const useIngestHealth = (
  mint: string,
  live: boolean,
): { source: HealthSource | null; failed: boolean } => {
  const query = useIngestHealthQuery(mint, live);
  const store = useMemo(() => {
    const listeners = new Set<() => void>();
    let snapshot: THealth | null = null;
    const source: HealthSource = {
      getSnapshot: () => snapshot,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const set = (next: THealth | null) => {
      snapshot = next;
      for (const l of [...listeners]) l();
    };
    return { source, set };
  }, []);

  const reading = query.data?.health;
  // Each poll is a new reading (the cockpit warns on two lossy ones in a row), even with equal figures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt marks a new reading.
  useEffect(() => {
    store.set(
      live && reading
        ? {
            width: reading.width ?? 0,
            height: reading.height ?? 0,
            fps: reading.fps,
            bitrateKbps: reading.bitrateKbps,
            lossPct: reading.lossPct,
            // Only a browser's encoder says why it holds back; for OBS the warning comes from loss.
            limitation: null,
          }
        : null,
    );
  }, [store, live, reading, query.dataUpdatedAt]);

  return { source: query.data?.available === false ? null : store.source, failed: query.isError };
};
