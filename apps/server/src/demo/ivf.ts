/** One coded VP8 frame of a clip. */
export interface VideoFrame {
  data: Buffer;
  /** A keyframe: decodable on its own (VP8's inverse key-frame bit is 0). */
  key: boolean;
}

export interface IvfClip {
  width: number;
  height: number;
  /** Frames per second, from the file's time base. */
  fps: number;
  frames: VideoFrame[];
}

const FILE_HEADER = 32;
const FRAME_HEADER = 12;

/**
 * Reads an IVF file (the plain container libvpx and ffmpeg write VP8 into): a 32-byte header, then each frame
 * as a 12-byte header (size, timestamp) and its bytes. Only VP8 is accepted; a truncated file is an error.
 */
export const parseIvf = (file: Buffer): IvfClip => {
  if (file.length < FILE_HEADER || file.toString('ascii', 0, 4) !== 'DKIF')
    throw new Error('not an IVF file (no DKIF signature)');
  const fourcc = file.toString('ascii', 8, 12);
  if (fourcc !== 'VP80') throw new Error(`IVF clip is ${fourcc}, not VP8`);
  const headerSize = file.readUInt16LE(6);
  const width = file.readUInt16LE(12);
  const height = file.readUInt16LE(14);
  const rate = file.readUInt32LE(16);
  const scale = file.readUInt32LE(20);
  const frames: VideoFrame[] = [];
  let at = headerSize;
  while (at < file.length) {
    if (at + FRAME_HEADER > file.length) throw new Error('IVF clip ends inside a frame header');
    const size = file.readUInt32LE(at);
    const start = at + FRAME_HEADER;
    if (size === 0 || start + size > file.length) throw new Error('IVF clip ends inside a frame');
    const data = file.subarray(start, start + size);
    frames.push({ data, key: ((data[0] ?? 1) & 0x01) === 0 });
    at = start + size;
  }
  if (!frames[0]?.key) throw new Error('IVF clip does not start with a keyframe');
  return { width, height, fps: scale > 0 ? rate / scale : 30, frames };
};
