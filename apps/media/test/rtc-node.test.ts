/**
 * A second real client: @livekit/rtc-node (LiveKit's Rust SDK and libwebrtc, shipped as a binary in its npm
 * package) publishes and subscribes through the embedded SFU, unmodified. It differs from livekit-client in
 * ways that matter to a server: it answers offers with id 0, pre-creates transceivers, and encodes with
 * libwebrtc's own simulcast.
 */
import {
  AudioFrame,
  AudioSource,
  AudioStream,
  dispose,
  LocalAudioTrack,
  LocalVideoTrack,
  type RemoteTrack,
  Room,
  RoomEvent,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
  VideoBufferType,
  VideoFrame,
  VideoSource,
  VideoStream,
} from '@livekit/rtc-node';
import { afterAll, describe, expect, it } from 'vitest';
import { useMediaServer } from './helpers/media-server.ts';
import { joinToken } from './helpers/tokens.ts';

const WIDTH = 640;
const HEIGHT = 360;

// Registered first, so it runs last (after hooks run in reverse): the SDK's native side goes after the server.
afterAll(() => dispose());
const media = useMediaServer();
const rooms: Room[] = [];
const timers: NodeJS.Timeout[] = [];

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  for (const r of rooms) await r.disconnect().catch(() => undefined);
});

const connect = async (identity: string, grant: object, metadata?: string) => {
  const room = new Room();
  rooms.push(room);
  await room.connect(media.url, await joinToken(identity, 'rtc-node', grant, { metadata }), {
    autoSubscribe: true,
    dynacast: false,
  });
  return room;
};

describe('@livekit/rtc-node against the embedded SFU', () => {
  it('publishes camera (simulcast) and microphone; a viewer receives and decodes both', async () => {
    const host = await connect('host', { canPublish: true }, '{"role":"host"}');
    const video = new VideoSource(WIDTH, HEIGHT);
    const audio = new AudioSource(48_000, 1);
    const participant = host.localParticipant;
    if (!participant) throw new Error('no local participant');
    await participant.publishTrack(
      LocalVideoTrack.createVideoTrack('camera', video),
      new TrackPublishOptions({ source: TrackSource.SOURCE_CAMERA, simulcast: true }),
    );
    await participant.publishTrack(
      LocalAudioTrack.createAudioTrack('microphone', audio),
      new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }),
    );
    // A moving picture (the encoder skips unchanged frames) and 10 ms of silence at a time.
    const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
    let n = 0;
    timers.push(
      setInterval(() => {
        pixels.fill(n++ % 256);
        video.captureFrame(new VideoFrame(pixels, WIDTH, HEIGHT, VideoBufferType.RGBA));
      }, 33),
      setInterval(() => void audio.captureFrame(new AudioFrame(new Int16Array(480), 48_000, 1, 480)), 10),
    );

    const seen = { video: 0, audio: 0, width: 0, height: 0, metadata: '' };
    const viewer = new Room();
    rooms.push(viewer);
    viewer.on(RoomEvent.TrackSubscribed, async (track: RemoteTrack, _pub, from) => {
      seen.metadata = from.metadata ?? '';
      if (track.kind === TrackKind.KIND_VIDEO) {
        for await (const { frame } of new VideoStream(track)) {
          seen.video++;
          seen.width = frame.width;
          seen.height = frame.height;
        }
      } else {
        for await (const _ of new AudioStream(track)) seen.audio++;
      }
    });
    await viewer.connect(media.url, await joinToken('viewer', 'rtc-node', { canPublish: false }), {
      autoSubscribe: true,
      dynacast: false,
    });

    await expect.poll(() => seen.video, { timeout: 20_000, interval: 200 }).toBeGreaterThan(30);
    const before = seen.video;
    await expect.poll(() => seen.video, { timeout: 10_000, interval: 200 }).toBeGreaterThan(before + 20);
    expect(seen.audio).toBeGreaterThan(50);
    expect({ width: seen.width, height: seen.height }).toEqual({ width: WIDTH, height: HEIGHT });
    expect(seen.metadata).toBe('{"role":"host"}');
    await expect.poll(() => viewer.numParticipants, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => host.numParticipants, { timeout: 5_000 }).toBe(2);

    // The viewer's token has canPublish: false.
    const refused = await viewer.localParticipant
      ?.publishTrack(
        LocalAudioTrack.createAudioTrack('sneaky', new AudioSource(48_000, 1)),
        new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }),
      )
      .then(
        () => 'published',
        () => 'refused',
      );
    expect(refused).toBe('refused');
  }, 60_000);
});
