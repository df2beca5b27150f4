import { THUMBNAIL_MAX_BYTES } from '@mintcast/contracts';

const WIDTH = 640;
const QUALITIES = [0.8, 0.6, 0.4];

/**
 * One JPEG frame of a video track, 640 px wide, under the server's size cap (lower quality until it
 * fits). Drawn from its own muted element, so the broadcaster's layout is not involved.
 */
export const captureFrame = async (track: MediaStreamTrack): Promise<Blob | null> => {
  if (track.readyState !== 'live') return null;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  try {
    await video.play();
    if (!video.videoWidth) await new Promise((r) => video.addEventListener('loadeddata', r, { once: true }));
    const height = Math.round((WIDTH * video.videoHeight) / Math.max(1, video.videoWidth));
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(video, 0, 0, WIDTH, height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality));
      if (blob && blob.size <= THUMBNAIL_MAX_BYTES) return blob;
    }
    return null;
  } finally {
    video.pause();
    video.srcObject = null;
  }
};
