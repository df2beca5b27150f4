import { VIDEO_VISIBILITY_DEBOUNCE_MS } from '@mintcast/contracts';
import type { RemoteTrackPublication } from 'livekit-client';
import { type RefObject, useEffect } from 'react';

/**
 * The viewer's video subscription follows the player's visibility (spec §9): when the player is scrolled
 * away or the tab is hidden for 3 s, the video is paused on the server (no bandwidth); it resumes at once
 * when the player is visible again. Debouncing only the pause keeps brief scrolls from flickering.
 */
export const useVisibleSubscription = (
  target: RefObject<HTMLElement | null>,
  video: RemoteTrackPublication | undefined,
  others: RemoteTrackPublication[],
) => {
  useEffect(() => {
    // Video tracks that are not shown (the camera while a screen share is on) are never needed.
    for (const p of others) if (p !== video && p.kind === 'video') p.setEnabled(false);
  }, [video, others]);

  useEffect(() => {
    const el = target.current;
    if (!video || !el) return;
    let inView = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const visible = inView && document.visibilityState === 'visible';
      clearTimeout(timer);
      if (visible) video.setEnabled(true);
      else timer = setTimeout(() => video.setEnabled(false), VIDEO_VISIBILITY_DEBOUNCE_MS);
    };
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((e) => e.isIntersecting);
      apply();
    });
    observer.observe(el);
    document.addEventListener('visibilitychange', apply);
    apply();
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', apply);
    };
  }, [target, video]);
};
