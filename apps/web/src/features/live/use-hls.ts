import { type RefObject, useEffect, useState } from 'react';

/** After a fatal error (the first playlist not written yet, a network drop) the player starts again after this. */
const RESTART_MS = 2_000;

/**
 * Plays an HLS playlist in the `<video>`: hls.js (its own lazy chunk, fetched only when a viewer is on the
 * HTTP tier) where Media Source Extensions exist, the browser's own HLS (Safari on iOS) otherwise. Live edge
 * two segments back (decision 026: 1 s segments, plain HLS). Returns a counter that bumps on every (re)start,
 * for the frame watcher.
 */
export const useHls = (videoRef: RefObject<HTMLVideoElement | null>, playlistUrl: string): number => {
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the restart trigger.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let destroy: () => void = () => undefined;
    const restart = () => {
      if (disposed) return;
      destroy();
      setTimeout(() => !disposed && setGeneration((n) => n + 1), RESTART_MS);
    };
    void import('hls.js').then(({ default: Hls }) => {
      if (disposed) return;
      if (!Hls.isSupported()) {
        video.src = playlistUrl;
        video.addEventListener('error', restart, { once: true });
        destroy = () => video.removeAttribute('src');
        return;
      }
      const hls = new Hls({ liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, backBufferLength: 10 });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) restart();
      });
      hls.loadSource(playlistUrl);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    });
    return () => {
      disposed = true;
      destroy();
    };
  }, [videoRef, playlistUrl, generation]);
  return generation;
};
