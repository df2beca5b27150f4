/** Largest RTP payload we send: well under a 1,200-byte path MTU once SRTP and the headers are added. */
export const MAX_PAYLOAD = 1_100;
const DESCRIPTOR = 4;

/**
 * Splits one VP8 frame into RTP payloads (RFC 7741): each starts with a 4-byte payload descriptor carrying a
 * 15-bit PictureID (which the SFU rewrites per viewer), the first one marked as the frame's start.
 */
export const packetizeVp8 = (frame: Buffer, pictureId: number, maxPayload = MAX_PAYLOAD): Buffer[] => {
  const chunk = maxPayload - DESCRIPTOR;
  const payloads: Buffer[] = [];
  for (let at = 0; at < frame.length; at += chunk) {
    const part = frame.subarray(at, Math.min(frame.length, at + chunk));
    const payload = Buffer.allocUnsafe(DESCRIPTOR + part.length);
    payload[0] = 0x80 | (at === 0 ? 0x10 : 0); // X: extensions follow; S: start of the frame
    payload[1] = 0x80; // I: a PictureID follows
    payload[2] = 0x80 | ((pictureId >> 8) & 0x7f); // M: 15-bit PictureID
    payload[3] = pictureId & 0xff;
    part.copy(payload, DESCRIPTOR);
    payloads.push(payload);
  }
  return payloads;
};
