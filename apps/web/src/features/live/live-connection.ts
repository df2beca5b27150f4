import { VIDEO_DEFAULTS } from '@mintcast/contracts';
import { type ConnectionState, Room, RoomEvent } from 'livekit-client';
import { createMismatchMonitor, type TConnectionState, toConnectionState } from './connection-state.ts';
import { REJOIN_ATTEMPTS, rejoinDelayMs, shouldRejoin } from './rejoin-policy.ts';
import { connectOptions, roomOptions } from './room-options.ts';

export interface LiveConnectionOptions {
  /** Fetches a fresh `{ token, url }` for each (re)connection. */
  getToken: () => Promise<{ token: string; url: string }>;
  /** Runs after each successful connect (the host publishes here, also after a recreate). */
  onConnected?: (room: Room) => Promise<void>;
  /**
   * The connection came back after a drop: livekit-client's own reconnect, a rejoin or a recreate (after
   * `onConnected` for those). Not called for the first connect.
   */
  onRestored?: () => void;
  /** Called whenever anything observable changed (state, room, participants, tracks). */
  onChange: () => void;
  /** The room ended for good: the server closed it, or a connect/recreate failed. */
  onClosed?: (reason: 'failed' | 'ended', error?: unknown) => void;
  /**
   * A join failed before the connection was ever up (a network that blocks WebRTC, or a server that is down):
   * rejoins may follow, but the viewer may have a better way in (the HTTP tier).
   */
  onJoinFailed?: () => void;
}

/**
 * One live room connection with the spec §4 state machine (connecting / connected / reconnecting /
 * disconnected). Reconnection is livekit-client's own; every stats interval (2 s) our tracked state is
 * compared with the room's, and after 3 consecutive mismatches the connection is recreated. A drop that
 * livekit-client could not mend (its reconnect gave up, e.g. while the site restarted) is followed by a
 * fresh join with back-off (`rejoin-policy.ts`) before the room is reported closed.
 */
export class LiveConnection {
  room: Room | null = null;
  state: TConnectionState = 'disconnected';
  /** Bumps on every new Room and every reconnect, so views re-attach their media elements. */
  epoch = 0;
  private stopped = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  /** Rejoins tried since the last successful connect; undefined when no rejoin is under way. */
  private rejoinAttempt: number | undefined;
  private everConnected = false;
  private readonly monitor = createMismatchMonitor({
    tracked: () => this.state,
    reported: () => (this.room ? toConnectionState(this.room.state) : this.state),
    onMismatch: () => void this.recreate(),
  });

  constructor(private readonly opts: LiveConnectionOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.timer = setInterval(() => this.monitor.check(), VIDEO_DEFAULTS.statsIntervalMs);
    await this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.rejoinTimer);
    const room = this.room;
    this.room = null;
    this.setState('disconnected');
    await room?.disconnect();
  }

  private setState(state: TConnectionState) {
    if (this.state === state) return;
    this.state = state;
    this.opts.onChange();
  }

  private async open(): Promise<void> {
    const room = new Room(roomOptions());
    this.room = room;
    this.epoch += 1;
    this.monitor.reset();
    this.setState('connecting');
    const mine = () => this.room === room;
    const changed = () => mine() && this.opts.onChange();
    room.on(RoomEvent.ConnectionStateChanged, (s: ConnectionState) => {
      if (mine()) this.setState(toConnectionState(s));
    });
    room.on(RoomEvent.Reconnected, () => {
      if (!mine()) return;
      this.epoch += 1;
      this.setState('connected');
      this.opts.onChange();
      this.opts.onRestored?.();
    });
    room.on(RoomEvent.Disconnected, (reason?: number) => {
      if (!mine() || this.stopped) return;
      if (!this.everConnected) this.opts.onJoinFailed?.();
      if (shouldRejoin(reason) && this.scheduleRejoin()) return;
      this.setState('disconnected');
      this.opts.onClosed?.('ended');
    });
    for (const ev of [
      RoomEvent.ParticipantConnected,
      RoomEvent.ParticipantDisconnected,
      RoomEvent.ParticipantMetadataChanged,
      RoomEvent.TrackPublished,
      RoomEvent.TrackUnpublished,
      RoomEvent.TrackSubscribed,
      RoomEvent.TrackUnsubscribed,
      RoomEvent.TrackMuted,
      RoomEvent.TrackUnmuted,
      RoomEvent.LocalTrackPublished,
      RoomEvent.LocalTrackUnpublished,
      RoomEvent.AudioPlaybackStatusChanged,
      RoomEvent.RoomMetadataChanged,
    ])
      room.on(ev, changed);
    this.opts.onChange();
    try {
      const { token, url } = await this.opts.getToken();
      if (!mine()) return;
      await room.connect(url, token, connectOptions());
      if (!mine()) return;
      this.rejoinAttempt = undefined;
      this.setState('connected');
      await this.opts.onConnected?.(room);
      this.opts.onChange();
      if (this.everConnected) this.opts.onRestored?.();
      this.everConnected = true;
    } catch (err) {
      if (!mine()) return;
      await room.disconnect().catch(() => undefined);
      if (!this.everConnected) this.opts.onJoinFailed?.();
      if (this.rejoinAttempt !== undefined && this.scheduleRejoin()) return;
      this.setState('disconnected');
      this.opts.onClosed?.('failed', err);
      throw err;
    }
  }

  /** Join again after a back-off; false once the attempts for this drop are used up. */
  private scheduleRejoin(): boolean {
    const attempt = this.rejoinAttempt ?? 0;
    if (this.stopped || attempt >= REJOIN_ATTEMPTS) {
      this.rejoinAttempt = undefined;
      return false;
    }
    this.rejoinAttempt = attempt + 1;
    this.room = null;
    this.setState('reconnecting');
    clearTimeout(this.rejoinTimer);
    this.rejoinTimer = setTimeout(() => {
      if (!this.stopped) void this.open().catch(() => undefined);
    }, rejoinDelayMs(attempt));
    return true;
  }

  /** Tear the room down and connect again with a fresh token (after repeated state mismatches). */
  private async recreate(): Promise<void> {
    if (this.stopped) return;
    const old = this.room;
    this.room = null;
    await old?.disconnect().catch(() => undefined);
    if (this.stopped) return;
    await this.open().catch(() => undefined);
  }
}
