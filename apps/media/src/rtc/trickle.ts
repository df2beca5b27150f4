import type { RTCIceCandidate } from 'werift';

/** The JSON text of an RTCIceCandidateInit, as TrickleRequest.candidateInit carries it. */
export function candidateJson(c: RTCIceCandidate): string {
  const candidate = c.candidate.startsWith('candidate:') ? c.candidate : `candidate:${c.candidate}`;
  return JSON.stringify({ candidate, sdpMid: c.sdpMid ?? '0', sdpMLineIndex: c.sdpMLineIndex ?? 0 });
}

/**
 * A host candidate named by mDNS (`<uuid>.local`): Chrome hides a page's local addresses that way unless it
 * was granted the camera, i.e. for every viewer. werift would resolve the name by multicast DNS with a 10 s
 * timeout, awaited inside `addIceCandidate` (and inside `setRemoteDescription` for candidates queued before
 * it), which holds the participant's signalling for those 10 s: the slow join of issue 12. The name is never
 * needed: a media server is not on the viewer's link, and the browser's own connectivity checks reach us and
 * become peer-reflexive candidates.
 */
export const isMdnsCandidate = (candidate: string): boolean => {
  // candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
  const address = candidate.split(/\s+/)[4] ?? '';
  return address.toLowerCase().endsWith('.local');
};

/**
 * Parses the client's candidate; an empty candidate (end-of-candidates) and an mDNS-named one
 * (`isMdnsCandidate`) are skipped.
 */
export function parseCandidate(
  json: string,
): { candidate: string; sdpMid?: string; sdpMLineIndex?: number } | undefined {
  try {
    const c = JSON.parse(json) as { candidate?: string; sdpMid?: string; sdpMLineIndex?: number };
    if (!c.candidate || isMdnsCandidate(c.candidate)) return undefined;
    return { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex };
  } catch {
    return undefined;
  }
}
