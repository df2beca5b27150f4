import { type RefObject, useEffect, useState } from 'react';

/** Frames stopping for this long means the player is waiting for video again (a stall, a paused track). */
export const VIDEO_STALL_MS = 3_000;
const CHECK_MS = 500;

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Whether the `<video>` is actually showing frames of the current track: false from each (re)attach until
 * a frame is presented, and again when frames stop for `VIDEO_STALL_MS`. A subscribed track is not a
 * picture: between the two the player must say it is waiting, not stay black.
 */
export const useVideoFrames = (videoRef: RefObject<HTMLVideoElement | null>, attachKey: unknown): boolean => {
  const [showing, setShowing] = useState(false);
  useEffect(() => {
    const el = videoRef.current as FrameCallbackVideo | null;
    setShowing(false);
    if (!el || !attachKey) return;
    let lastFrameAt = 0;
    let handle: number | undefined;
    const frame = () => {
      lastFrameAt = performance.now();
      setShowing(true);
      if (el.requestVideoFrameCallback) handle = el.requestVideoFrameCallback(frame);
    };
    // Browsers without frame callbacks: the decoded-frame count moving is the next best signal.
    let decoded = 0;
    const check = setInterval(() => {
      if (!el.requestVideoFrameCallback) {
        const now = el.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
        if (now > decoded && el.videoWidth > 0) frame();
        decoded = now;
      }
      if (lastFrameAt > 0 && performance.now() - lastFrameAt > VIDEO_STALL_MS) setShowing(false);
    }, CHECK_MS);
    if (el.requestVideoFrameCallback) handle = el.requestVideoFrameCallback(frame);
    return () => {
      clearInterval(check);
      if (handle !== undefined) el.cancelVideoFrameCallback?.(handle);
    };
  }, [videoRef, attachKey]);
  return showing;
};
