/** NAL unit types (RFC 6184) that start a picture a decoder can begin with. */
const IDR = 5;
const SPS = 7;
const STAP_A = 24;
const FU_A = 28;

/**
 * True when an H.264 RTP payload (RFC 6184, packetization mode 0 or 1) starts a keyframe: a single SPS or
 * IDR NAL unit, a STAP-A aggregating one, or the first fragment of an IDR slice. Encoders send SPS and PPS
 * right before each IDR, so a viewer switched onto the stream here can decode from this packet on.
 */
export function isH264KeyframeStart(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const type = (payload[0] as number) & 0x1f;
  if (type === IDR || type === SPS) return true;
  if (type === FU_A) {
    const fuHeader = payload[1] as number;
    return (fuHeader & 0x80) !== 0 && (fuHeader & 0x1f) === IDR;
  }
  if (type === STAP_A) {
    // Aggregated units: 2-byte size, then the NAL unit.
    for (let i = 1; i + 2 < payload.length; ) {
      const size = payload.readUInt16BE(i);
      const nalType = (payload[i + 2] as number) & 0x1f;
      if (nalType === IDR || nalType === SPS) return true;
      i += 2 + size;
    }
  }
  return false;
}
