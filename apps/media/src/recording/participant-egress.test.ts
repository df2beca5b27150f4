import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EgressStatus, TrackInfo, TrackSource, TrackType, VideoQuality } from '@livekit/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaStreamTrack } from 'werift';
import type { Participant } from '../room/participant.ts';
import type { RoomManager } from '../room/room-manager.ts';
import type { PublishedTrack } from '../rtc/published-track.ts';
import { LATE_KIND_RESTART_MS, ParticipantEgress } from './participant-egress.ts';

/** A published track as the egress sees it: its info and one layer that has had packets. */
const published = (sid: string, kind: 'video' | 'audio'): PublishedTrack =>
  ({
    sid,
    info: new TrackInfo({
      sid,
      type: kind === 'video' ? TrackType.VIDEO : TrackType.AUDIO,
      source: kind === 'video' ? TrackSource.CAMERA : TrackSource.MICROPHONE,
      mimeType: kind === 'video' ? 'video/VP8' : 'audio/opus',
    }),
    layers: new Map([
      ['', { quality: VideoQuality.HIGH, packets: 1, track: new MediaStreamTrack({ kind }) }],
    ]),
    hold: () => undefined,
    release: () => undefined,
    requestKeyframe: () => undefined,
  }) as unknown as PublishedTrack;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'egress-'));
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** One egress of `0xhost` in a room the test fills by hand, ticked by the test. */
const setUp = () => {
  const participant = { tracks: new Map<string, PublishedTrack>() } as unknown as Participant;
  const log = { info: vi.fn(), warn: vi.fn() };
  const rooms = {
    get: () => ({ participants: new Map([['0xhost', participant]]) }),
    services: { log },
  } as unknown as RoomManager;
  const started = vi.fn();
  const ended = vi.fn();
  const marker = {
    egressId: 'EG_test',
    roomName: 'stream-x',
    roomId: 'RM_x',
    identity: '0xhost',
    filename: join(dir, 'rec.webm'),
    startedAtMs: 0,
  };
  const egress = new ParticipantEgress(
    marker,
    { kind: 'file', path: marker.filename },
    false,
    rooms,
    ended,
    started,
  );
  return { egress, participant, started, ended, log };
};

/**
 * Ticks until the egress records both kinds: a restart first finishes the camera-only file (its writes and
 * close take as long as the machine's disk and load make them), then the next tick begins again. Polled on real
 * timers (only Date and the egress's interval are faked), until the test's own timeout.
 */
const tickUntilBoth = async (egress: ParticipantEgress) => {
  while (egress.kinds.length !== 2) {
    egress.tick();
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('participant egress: a microphone published late', () => {
  it('waits for the second kind before it starts, and records both', () => {
    const { egress, participant, started } = setUp();
    participant.tracks.set('TR_v', published('TR_v', 'video'));
    egress.tick();
    expect(egress.kinds).toEqual([]);
    participant.tracks.set('TR_a', published('TR_a', 'audio'));
    egress.tick();
    expect(egress.kinds).toEqual(['video', 'audio']);
    expect(started).toHaveBeenCalledTimes(1);
    return egress.stop();
  });

  it('starts a camera alone after the wait, then starts again with both when the microphone comes', async () => {
    const { egress, participant, started, log } = setUp();
    participant.tracks.set('TR_v', published('TR_v', 'video'));
    egress.tick();
    vi.advanceTimersByTime(10_001);
    egress.tick();
    expect(egress.kinds).toEqual(['video']);
    expect(egress.status).toBe(EgressStatus.EGRESS_ACTIVE);

    vi.advanceTimersByTime(5_000);
    participant.tracks.set('TR_a', published('TR_a', 'audio'));
    egress.tick(); // sees both: drops the camera-only file
    expect(log.info).toHaveBeenCalledWith('recording_restarted', expect.anything());
    await tickUntilBoth(egress);
    expect(egress.kinds).toEqual(['video', 'audio']);
    // The file's time zero is the new start: chat and prices line up with what the file holds.
    expect(egress.marker.startedAtMs).toBe(Date.now());
    // LiveKit reports an egress's start once.
    expect(started).toHaveBeenCalledTimes(1);
    await egress.stop();
  });

  it('goes on as it began when the other kind comes later than the restart window', async () => {
    const { egress, participant, log } = setUp();
    participant.tracks.set('TR_v', published('TR_v', 'video'));
    egress.tick();
    vi.advanceTimersByTime(10_001);
    egress.tick();
    vi.advanceTimersByTime(LATE_KIND_RESTART_MS);
    participant.tracks.set('TR_a', published('TR_a', 'audio'));
    egress.tick();
    expect(log.info).not.toHaveBeenCalledWith('recording_restarted', expect.anything());
    expect(egress.kinds).toEqual(['video']);
    await egress.stop();
  });

  it('a stop while restarting ends the egress once, without starting again', async () => {
    const { egress, participant, ended } = setUp();
    participant.tracks.set('TR_v', published('TR_v', 'video'));
    egress.tick();
    vi.advanceTimersByTime(10_001);
    egress.tick();
    participant.tracks.set('TR_a', published('TR_a', 'audio'));
    egress.tick();
    const info = await egress.stop();
    egress.tick();
    expect(egress.kinds).toEqual([]);
    expect(ended).toHaveBeenCalledTimes(1);
    // Nothing reached the file (no packets): it is reported failed, not left half-written.
    expect(info.status).toBe(EgressStatus.EGRESS_FAILED);
  });
});
