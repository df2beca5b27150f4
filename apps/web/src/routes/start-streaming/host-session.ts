import { roomNameForMint } from '@mintcast/contracts';
import { type LocalTrack, type LocalVideoTrack, type Room, Track, VideoPresets } from 'livekit-client';
import { LiveConnection } from '../../features/live/live-connection.ts';
import { withPublicationTimeout } from '../../features/live/room-options.ts';
import { fetchLiveToken, setStreamLive } from '../../queries/live.ts';

export interface HostSnapshot {
  state: LiveConnection['state'];
  cameraOn: boolean;
  /** True when there is no camera track because capture or publishing failed (spec: "Camera not available"). */
  cameraUnavailable: boolean;
  micOn: boolean;
  screenOn: boolean;
  camera: LocalVideoTrack | undefined;
  screen: LocalVideoTrack | undefined;
  viewers: number;
  epoch: number;
}

/**
 * The broadcaster's room: connects with the host token, publishes camera (720p, VP8 simulcast) and
 * microphone, toggles camera / microphone / screen share. What is published is read back from the room,
 * so a screen share stopped from the browser's own bar is reflected too. After a connection recreate the
 * same sources are published again.
 */
export class HostSession {
  private readonly conn: LiveConnection;
  private readonly listeners = new Set<() => void>();
  private snapshot: HostSnapshot;
  private wanted = { camera: true, mic: true, screen: false };
  private cameraFailed = false;
  /** Set once the stream went on the air; from then on every restored connection says so again. */
  private onAir = false;
  onEnded: (() => void) | null = null;

  constructor(
    readonly mint: string,
    participantName: string,
  ) {
    this.conn = new LiveConnection({
      getToken: () => fetchLiveToken({ roomName: roomNameForMint(mint), participantName, isHost: true }),
      onConnected: (room) => this.publish(room),
      onRestored: () => this.reassertLive(),
      onChange: () => this.update(),
      onClosed: (reason) => {
        if (reason === 'ended') this.onEnded?.();
      },
    });
    this.snapshot = this.read();
  }

  /** Connect and publish; throws when the room cannot be joined (camera/mic failures do not throw). */
  start(): Promise<void> {
    return this.conn.start();
  }

  stop(): Promise<void> {
    this.onAir = false;
    return this.conn.stop();
  }

  /** The stream is live (the creator set the flag after the first publish). */
  markOnAir(): void {
    this.onAir = true;
  }

  /**
   * After a drop the host is back in the room: if the drop outlasted the host grace (a media server or
   * site restart can), the site took the stream offline meanwhile, and only the creator sets it live
   * (decision: the reconcile never does), so the broadcaster says so again. Setting it when already live
   * changes nothing.
   */
  private reassertLive(): void {
    if (!this.onAir) return;
    setStreamLive(this.mint, true).catch(() => undefined);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): HostSnapshot => this.snapshot;

  /** Re-read counts that have no event of their own (numParticipants arrives throttled). */
  update = (): void => {
    this.snapshot = this.read();
    for (const l of this.listeners) l();
  };

  async toggleCamera(): Promise<void> {
    const room = this.conn.room;
    if (!room) return;
    const next = !this.snapshot.cameraOn;
    try {
      await withPublicationTimeout(
        room.localParticipant.setCameraEnabled(next, { resolution: VideoPresets.h720.resolution }),
        'camera',
      );
      this.cameraFailed = false;
      this.wanted.camera = next;
    } catch (err) {
      if (next) this.cameraFailed = true;
      throw err;
    } finally {
      this.update();
    }
  }

  async toggleMicrophone(): Promise<void> {
    const room = this.conn.room;
    if (!room) return;
    const next = !this.snapshot.micOn;
    try {
      await withPublicationTimeout(room.localParticipant.setMicrophoneEnabled(next), 'microphone');
      this.wanted.mic = next;
    } finally {
      this.update();
    }
  }

  async toggleScreenShare(): Promise<void> {
    const room = this.conn.room;
    if (!room) return;
    const next = !this.snapshot.screenOn;
    try {
      await withPublicationTimeout(room.localParticipant.setScreenShareEnabled(next), 'screen share');
      this.wanted.screen = next;
    } finally {
      this.update();
    }
  }

  private async publish(room: Room): Promise<void> {
    const lp = room.localParticipant;
    if (this.wanted.camera) {
      try {
        await withPublicationTimeout(
          lp.setCameraEnabled(true, { resolution: VideoPresets.h720.resolution }),
          'camera',
        );
        this.cameraFailed = false;
      } catch {
        this.cameraFailed = true; // the broadcast goes on: "Camera not available", screen share still works
      }
    }
    if (this.wanted.mic)
      await withPublicationTimeout(lp.setMicrophoneEnabled(true), 'microphone').catch(() => undefined);
    if (this.wanted.screen)
      await withPublicationTimeout(lp.setScreenShareEnabled(true), 'screen share').catch(() => undefined);
    this.update();
  }

  /** Every track published now (camera, screen, microphone): the cockpit reads their sender stats. */
  publishedTracks = (): LocalTrack[] => {
    const lp = this.conn.room?.localParticipant;
    if (!lp) return [];
    return [...lp.trackPublications.values()].flatMap((p) => (p.track ? [p.track] : []));
  };

  private read(): HostSnapshot {
    const room = this.conn.room;
    const lp = room?.localParticipant;
    const camPub = lp?.getTrackPublication(Track.Source.Camera);
    const micPub = lp?.getTrackPublication(Track.Source.Microphone);
    const screenPub = lp?.getTrackPublication(Track.Source.ScreenShare);
    const camera = camPub?.videoTrack;
    return {
      state: this.conn.state,
      cameraOn: Boolean(camera && !camPub?.isMuted),
      cameraUnavailable: !camera && this.cameraFailed,
      micOn: Boolean(micPub?.track && !micPub.isMuted),
      screenOn: Boolean(screenPub?.videoTrack),
      camera,
      screen: screenPub?.videoTrack,
      viewers: room ? Math.max(room.numParticipants - 1, room.remoteParticipants.size, 0) : 0,
      epoch: this.conn.epoch,
    };
  }
}
