/**
 * The VP8 RTP payload descriptor (RFC 7741 §4.2), parsed just enough to find keyframes and
 * to rewrite PictureID / TL0PICIDX so a layer switch looks like one continuous stream.
 */
export interface Vp8Descriptor {
  keyframe: boolean;
  /** True on the first packet of a frame (S=1, partition 0). */
  frameStart: boolean;
  pictureId?: number;
  /** Byte offset of the PictureID field and whether it is 15 bits wide. */
  pictureIdOffset?: number;
  pictureId15?: boolean;
  tl0PicIdx?: number;
  tl0Offset?: number;
  /** Byte offset of the VP8 payload header (after the descriptor). */
  headerOffset: number;
}

export function parseVp8(payload: Buffer): Vp8Descriptor | undefined {
  if (payload.length < 1) return undefined;
  const b0 = payload[0] as number;
  const x = (b0 & 0x80) !== 0;
  const s = (b0 & 0x10) !== 0;
  const pid = b0 & 0x07;
  let off = 1;
  const d: Vp8Descriptor = { keyframe: false, frameStart: s && pid === 0, headerOffset: 1 };
  if (x) {
    if (payload.length < 2) return undefined;
    const b1 = payload[1] as number;
    off = 2;
    if (b1 & 0x80) {
      const p = payload[off];
      if (p === undefined) return undefined;
      d.pictureIdOffset = off;
      if (p & 0x80) {
        if (payload.length < off + 2) return undefined;
        d.pictureId15 = true;
        d.pictureId = ((p & 0x7f) << 8) | (payload[off + 1] as number);
        off += 2;
      } else {
        d.pictureId15 = false;
        d.pictureId = p & 0x7f;
        off += 1;
      }
    }
    if (b1 & 0x40) {
      d.tl0Offset = off;
      d.tl0PicIdx = payload[off];
      off += 1;
    }
    if (b1 & 0x30) off += 1;
  }
  d.headerOffset = off;
  const header = payload[off];
  // In the VP8 payload header, P (bit 0) is 0 for a keyframe; only valid at the frame start.
  if (d.frameStart && header !== undefined) d.keyframe = (header & 0x01) === 0;
  return d;
}

/** Writes new PictureID / TL0PICIDX values into a copy of the payload. */
export function rewriteVp8(
  payload: Buffer,
  d: Vp8Descriptor,
  pictureId: number | undefined,
  tl0: number | undefined,
): Buffer {
  const out = Buffer.from(payload);
  if (pictureId !== undefined && d.pictureIdOffset !== undefined) {
    if (d.pictureId15) {
      out[d.pictureIdOffset] = 0x80 | ((pictureId >> 8) & 0x7f);
      out[d.pictureIdOffset + 1] = pictureId & 0xff;
    } else {
      out[d.pictureIdOffset] = pictureId & 0x7f;
    }
  }
  if (tl0 !== undefined && d.tl0Offset !== undefined) out[d.tl0Offset] = tl0 & 0xff;
  return out;
}

/**
 * The frame size a VP8 keyframe carries (RFC 6386 §9.1: 3-byte frame tag, start code 9d 01 2a, then 14-bit
 * width and height), from the first packet of the keyframe; undefined for any other packet.
 */
export function vp8KeyframeSize(
  payload: Buffer,
  d: Vp8Descriptor,
): { width: number; height: number } | undefined {
  const at = d.headerOffset + 3;
  if (!d.keyframe || payload.length < at + 7) return undefined;
  if (payload[at] !== 0x9d || payload[at + 1] !== 0x01 || payload[at + 2] !== 0x2a) return undefined;
  return { width: payload.readUInt16LE(at + 3) & 0x3fff, height: payload.readUInt16LE(at + 5) & 0x3fff };
}
