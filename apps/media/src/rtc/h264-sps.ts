/** Profiles whose SPS carries chroma format, bit depths and scaling matrices (H.264 §7.3.2.1.1). */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);
const SPS = 7;
const STAP_A = 24;

/** Exp-Golomb bit reader over an RBSP (emulation prevention bytes removed). */
class Bits {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}
  u(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.buf[this.pos >> 3];
      if (byte === undefined) throw new RangeError('SPS ended early');
      v = (v << 1) | ((byte >> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) if (++zeros > 31) throw new RangeError('bad Exp-Golomb code');
    return (2 ** zeros - 1 + (zeros > 0 ? this.u(zeros) : 0)) >>> 0;
  }
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : -(k / 2);
  }
}

/** The RBSP of a NAL unit: every emulation prevention byte (the 03 of 00 00 03) removed (§7.4.1). */
const toRbsp = (nal: Buffer): Buffer => {
  const out: number[] = [];
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out.push(byte);
  }
  return Buffer.from(out);
};

/** The picture size an SPS NAL unit (header byte included) declares, cropping applied. */
export function parseSpsSize(nal: Buffer): { width: number; height: number } | undefined {
  try {
    const b = new Bits(toRbsp(nal.subarray(1)));
    const profile = b.u(8);
    b.u(16); // constraint flags, level
    b.ue(); // seq_parameter_set_id
    let chroma = 1;
    if (HIGH_PROFILES.has(profile)) {
      chroma = b.ue();
      if (chroma === 3) b.u(1);
      b.ue();
      b.ue();
      b.u(1);
      if (b.u(1)) {
        for (let i = 0; i < (chroma === 3 ? 12 : 8); i++) {
          if (!b.u(1)) continue;
          let last = 8;
          let next = 8;
          for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
            if (next !== 0) next = (last + b.se() + 256) % 256;
            last = next === 0 ? last : next;
          }
        }
      }
    }
    b.ue(); // log2_max_frame_num_minus4
    const pocType = b.ue();
    if (pocType === 0) b.ue();
    else if (pocType === 1) {
      b.u(1);
      b.se();
      b.se();
      const n = b.ue();
      for (let i = 0; i < n; i++) b.se();
    }
    b.ue(); // max_num_ref_frames
    b.u(1);
    const widthMbs = b.ue() + 1;
    const heightUnits = b.ue() + 1;
    const frameMbsOnly = b.u(1);
    if (!frameMbsOnly) b.u(1);
    b.u(1);
    let crop = [0, 0, 0, 0];
    if (b.u(1)) crop = [b.ue(), b.ue(), b.ue(), b.ue()];
    const [left, right, top, bottom] = crop as [number, number, number, number];
    const cropX = chroma === 0 || chroma === 3 ? 1 : 2;
    const cropY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
    return {
      width: widthMbs * 16 - (left + right) * cropX,
      height:
        (2 - frameMbsOnly) * heightUnits * 16 - (top + bottom) * (chroma === 0 ? 2 - frameMbsOnly : cropY),
    };
  } catch {
    return undefined;
  }
}

/** The picture size from an H.264 RTP payload that carries an SPS (alone or in a STAP-A); else undefined. */
export function h264SpsSize(payload: Buffer): { width: number; height: number } | undefined {
  const type = (payload[0] ?? 0) & 0x1f;
  if (type === SPS) return parseSpsSize(payload);
  if (type !== STAP_A) return undefined;
  for (let i = 1; i + 2 < payload.length; ) {
    const size = payload.readUInt16BE(i);
    const nal = payload.subarray(i + 2, i + 2 + size);
    if (((nal[0] ?? 0) & 0x1f) === SPS) return parseSpsSize(nal);
    i += 2 + size;
  }
  return undefined;
}
