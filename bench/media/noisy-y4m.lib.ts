import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a Y4M file of random noise (Chromium loops it as the fake camera). Noise does not
 * compress, so the encoder runs at its simulcast bitrate caps (≈ 2.3 Mbps for q+h+f at 720p),
 * unlike the built-in fake camera (≈ 0.5 Mbps).
 */
export function ensureNoisyY4m(file: string, width = 1280, height = 720, fps = 30, frames = 30): string {
  const frameBytes = width * height * 1.5;
  const header = `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`;
  const size = header.length + frames * (6 + frameBytes);
  if (existsSync(file) && statSync(file).size === size) return file;
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  writeSync(fd, header);
  const frame = Buffer.alloc(frameBytes);
  for (let i = 0; i < frames; i++) {
    randomFillSync(frame, 0, width * height);
    // Mid-grey chroma keeps it a noisy greyscale picture rather than colour confetti.
    frame.fill(128, width * height);
    writeSync(fd, 'FRAME\n');
    writeSync(fd, frame);
  }
  closeSync(fd);
  return file;
}
