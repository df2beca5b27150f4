import { THUMBNAIL_CAPTURE_MS, THUMBNAIL_FIRST_CAPTURE_MS } from '@mintcast/contracts';
import { useEffect, useRef } from 'react';
import { uploadThumbnail } from '../../queries/live.ts';
import { captureFrame } from './thumbnail-capture.ts';

/**
 * While live, upload a frame as the stream's card picture: shortly after going live, then about once a
 * minute. The camera is preferred (the issue asks for the camera's picture), else the screen share.
 */
export const useThumbnails = (mint: string, pick: () => MediaStreamTrack | undefined) => {
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    let stopped = false;
    const capture = async () => {
      const track = pickRef.current();
      if (!track || stopped) return;
      try {
        const frame = await captureFrame(track);
        if (frame && !stopped) await uploadThumbnail(mint, frame);
      } catch (err) {
        // A missed thumbnail is harmless: the next one comes in a minute.
        console.warn('thumbnail upload failed', err);
      }
    };
    const first = setTimeout(capture, THUMBNAIL_FIRST_CAPTURE_MS);
    const every = setInterval(capture, THUMBNAIL_CAPTURE_MS);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    };
  }, [mint]);
};
