/**
 * The candidates of a trickle-ice-sdpfrag body (RFC 8840, as WHIP's PATCH carries it): each `a=candidate:`
 * line with the `a=mid:` of the media section it follows. End-of-candidates and ICE credentials are skipped.
 */
export function parseSdpFragment(body: string): { candidate: string; sdpMid?: string }[] {
  const out: { candidate: string; sdpMid?: string }[] = [];
  let mid: string | undefined;
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('m=')) mid = undefined;
    else if (line.startsWith('a=mid:')) mid = line.slice(6);
    else if (line.startsWith('a=candidate:')) out.push({ candidate: line.slice(2), sdpMid: mid });
  }
  return out;
}
