import type { TIngestHealth } from '@mintcast/contracts';
import { useEffect, useMemo } from 'react';
import { type HealthSource, healthFromReading, type THealth } from '../../features/cockpit/health.ts';
import { useIngestHealthQuery } from '../../queries/ingest.ts';

/**
 * The cockpit's health for a stream published from streaming software: what the media server (or, with an
 * external LiveKit, its Ingress) receives, polled while `live` (the browser has no getStats for OBS's upload).
 * Null when the server has no source of health; `failed` when the last reading could not be fetched. With
 * `watchIngress` (a LiveKit Ingress exists) it polls while offline too, for the ingress's status: an ingress
 * that fails before the stream goes live still says why.
 */
export const useIngestHealth = (
  mint: string,
  live: boolean,
  watchIngress = false,
): { source: HealthSource | null; failed: boolean; ingress: TIngestHealth['ingress'] } => {
  const query = useIngestHealthQuery(mint, live || watchIngress);
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
    store.set(live && reading ? healthFromReading(reading) : null);
  }, [store, live, reading, query.dataUpdatedAt]);

  return {
    source: query.data?.available === false ? null : store.source,
    failed: query.isError,
    ingress: query.data?.ingress ?? null,
  };
};
