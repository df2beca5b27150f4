import { describe, expect, it } from 'vitest';
import { findHost, pickHostAudio, pickHostVideo, viewerCount } from './host-video.ts';

const pub = (source: string, kind: string, isMuted = false) => ({
  source,
  kind,
  isMuted,
  trackSid: `TR_${source}`,
});
const participant = (identity: string, role: string | null, pubs: ReturnType<typeof pub>[] = []) => ({
  identity,
  metadata: role ? JSON.stringify({ role }) : undefined,
  trackPublications: new Map(pubs.map((p) => [p.trackSid, p])),
});

describe('findHost', () => {
  it('finds the participant whose metadata role is host, whatever its identity', () => {
    const host = participant('viewer-looks-like-a-viewer', 'host');
    expect(findHost([participant('0xabc', 'viewer'), participant('x', null), host])).toBe(host);
    expect(
      findHost([participant('host', null), { ...participant('y', null), metadata: '{not json' }]),
    ).toBeUndefined();
  });
});

describe('pickHostVideo', () => {
  it('prefers screen share over camera, and skips muted video', () => {
    const both = participant('h', 'host', [
      pub('camera', 'video'),
      pub('screen_share', 'video'),
      pub('microphone', 'audio'),
    ]);
    expect(pickHostVideo(both)?.source).toBe('screen_share');
    const mutedShare = participant('h', 'host', [pub('camera', 'video'), pub('screen_share', 'video', true)]);
    expect(pickHostVideo(mutedShare)?.source).toBe('camera');
    expect(pickHostVideo(participant('h', 'host', [pub('microphone', 'audio')]))).toBeUndefined();
    expect(pickHostAudio(both)?.source).toBe('microphone');
  });
});

describe('viewerCount', () => {
  it('excludes the host and never shows less than the viewers seen', () => {
    expect(viewerCount({ numParticipants: 2, hostPresent: true, visibleViewers: 1 })).toBe(1);
    expect(viewerCount({ numParticipants: 0, hostPresent: true, visibleViewers: 1 })).toBe(1);
    expect(viewerCount({ numParticipants: 3, hostPresent: false, visibleViewers: 1 })).toBe(3);
  });
});
