import type { RTCIceCandidate } from 'werift';

/** The JSON text of an RTCIceCandidateInit, as TrickleRequest.candidateInit carries it. */
export function candidateJson(c: RTCIceCandidate): string {
  const candidate = c.candidate.startsWith('candidate:') ? c.candidate : `candidate:${c.candidate}`;
  return JSON.stringify({ candidate, sdpMid: c.sdpMid ?? '0', sdpMLineIndex: c.sdpMLineIndex ?? 0 });
}

/** Parses the client's candidate; an empty candidate is end-of-candidates and is skipped. */
export function parseCandidate(
  json: string,
): { candidate: string; sdpMid?: string; sdpMLineIndex?: number } | undefined {
  try {
    const c = JSON.parse(json) as { candidate?: string; sdpMid?: string; sdpMLineIndex?: number };
    if (!c.candidate) return undefined;
    return { candidate: c.candidate, sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex };
  } catch {
    return undefined;
  }
}
