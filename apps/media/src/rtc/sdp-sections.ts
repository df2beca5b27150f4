/** What the publisher side needs from each m-section of a client offer. */
export interface SdpSection {
  kind: string;
  mid: string;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  /** Track part of `a=msid:<stream> <track>`: livekit-client's AddTrackRequest.cid. */
  msidTrack?: string;
  rejected: boolean;
  rids: string[];
}

export function parseSections(sdp: string): SdpSection[] {
  const sections: SdpSection[] = [];
  let cur: SdpSection | undefined;
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('m=')) {
      const [kind = '', port = '0'] = line.slice(2).split(' ');
      cur = { kind, mid: '', direction: 'sendrecv', rejected: port === '0', rids: [] };
      sections.push(cur);
    } else if (cur) {
      if (line.startsWith('a=mid:')) cur.mid = line.slice(6);
      else if (line.startsWith('a=msid:')) cur.msidTrack = line.slice(7).split(' ')[1];
      else if (line.startsWith('a=rid:')) cur.rids.push(line.slice(6).split(' ')[0] ?? '');
      else if (/^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line))
        cur.direction = line.slice(2) as SdpSection['direction'];
    }
  }
  return sections;
}

/** True when the client is sending media on this section. */
export function isSending(s: SdpSection): boolean {
  return !s.rejected && (s.direction === 'sendonly' || s.direction === 'sendrecv');
}
