import {
  DisconnectReason,
  LeaveRequest,
  LeaveRequest_Action,
  ParticipantInfo_State,
  ParticipantUpdate,
  Room as RoomInfo,
  RoomUpdate,
} from '@livekit/protocol';
import type { ServerContext } from '../config.ts';
import { guid } from '../ids.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import type { WebhookNotifier } from '../webhooks.ts';
import type { Participant } from './participant.ts';
import { RoomMedia } from './room-media.ts';

export interface RoomServices {
  ctx: ServerContext;
  metrics: Metrics;
  webhooks: WebhookNotifier;
  log: Logger;
}

export interface RoomOptions {
  emptyTimeout: number;
  departureTimeout: number;
  maxParticipants: number;
  metadata: string;
}

/** Go sends RoomUpdate at most every 5 s; one second keeps counters fresh without spamming. */
const ROOM_UPDATE_INTERVAL_MS = 1_000;

/** A room: who is in it, what they see of each other, and when it closes. */
export class Room {
  readonly sid = guid('RM_');
  readonly creationTimeMs = Date.now();
  readonly participants = new Map<string, Participant>();
  readonly media: RoomMedia;
  metadata: string;
  closed = false;
  private lastRoomUpdateAt = 0;
  private roomUpdateTimer?: NodeJS.Timeout;
  private closeTimer?: NodeJS.Timeout;

  constructor(
    readonly name: string,
    readonly options: RoomOptions,
    readonly services: RoomServices,
    private readonly onClose: (room: Room, reason: string) => void,
  ) {
    this.metadata = options.metadata;
    this.media = new RoomMedia(this);
    // A room nobody joins closes after the empty timeout.
    this.armCloseTimer(options.emptyTimeout, 'empty_timeout');
  }

  info(): RoomInfo {
    const counted = [...this.participants.values()].filter((p) => p.counted);
    return new RoomInfo({
      sid: this.sid,
      name: this.name,
      emptyTimeout: this.options.emptyTimeout,
      departureTimeout: this.options.departureTimeout,
      maxParticipants: this.options.maxParticipants,
      creationTime: BigInt(Math.floor(this.creationTimeMs / 1000)),
      creationTimeMs: BigInt(this.creationTimeMs),
      metadata: this.metadata,
      numParticipants: counted.length,
      numPublishers: counted.filter((p) => p.isPublisher).length,
    });
  }

  get isFull(): boolean {
    return this.options.maxParticipants > 0 && this.participants.size >= this.options.maxParticipants;
  }

  /** Others as `p` may see them: hidden participants are never announced. */
  visibleOthers(p: Participant): Participant[] {
    return [...this.participants.values()].filter((o) => o !== p && !o.hidden);
  }

  /**
   * Adds a participant. A session with the same identity is evicted first and announced as
   * DISCONNECTED before the new one: clients key participants by identity.
   */
  add(p: Participant): void {
    const old = this.participants.get(p.identity);
    if (old)
      this.remove(old, DisconnectReason.DUPLICATE_IDENTITY, { leaveAction: LeaveRequest_Action.DISCONNECT });
    clearTimeout(this.closeTimer);
    this.participants.set(p.identity, p);
    p.state = ParticipantInfo_State.JOINED;
    this.services.log.info('participant_joined', { room: this.name, identity: p.identity, sid: p.sid });
  }

  /** Announces a participant after its JoinResponse went out. */
  announce(p: Participant): void {
    this.broadcast(p);
    this.scheduleRoomUpdate();
  }

  /** Marks a participant active once its primary PC connected (when LiveKit fires participant_joined). */
  activate(p: Participant): void {
    if (p.closed || p.state === ParticipantInfo_State.ACTIVE) return;
    p.state = ParticipantInfo_State.ACTIVE;
    p.touch();
    this.broadcast(p);
    this.services.webhooks.notify('participant_joined', { room: this.info(), participant: p.info() });
  }

  remove(p: Participant, reason: DisconnectReason, opts: { leaveAction?: LeaveRequest_Action } = {}): void {
    if (p.closed) return;
    if (opts.leaveAction !== undefined) {
      p.send({ case: 'leave', value: new LeaveRequest({ reason, action: opts.leaveAction }) });
    }
    this.media.dropParticipant(p);
    p.closed = true;
    p.state = ParticipantInfo_State.DISCONNECTED;
    p.disconnectReason = reason;
    p.touch();
    p.publisher?.close();
    p.subscriber?.close();
    p.closeSignal();
    if (this.participants.get(p.identity) === p) this.participants.delete(p.identity);
    this.broadcast(p);
    this.scheduleRoomUpdate();
    this.services.log.info('participant_left', {
      room: this.name,
      identity: p.identity,
      sid: p.sid,
      reason: DisconnectReason[reason],
    });
    this.services.webhooks.notify('participant_left', { room: this.info(), participant: p.info() });
    if (this.participants.size === 0) this.armCloseTimer(this.options.departureTimeout, 'departure_timeout');
  }

  /** Sends `p`'s current info to everyone else (and to `p` itself when asked). */
  broadcast(p: Participant, includeSelf = false): void {
    const update = new ParticipantUpdate({ participants: [p.info()] });
    for (const other of this.participants.values()) {
      if (other === p ? !includeSelf : p.hidden) continue;
      other.send({ case: 'update', value: update });
    }
  }

  setMetadata(metadata: string): void {
    this.metadata = metadata;
    this.sendRoomUpdate();
  }

  /** Closes the room, telling everyone why (DeleteRoom, shutdown, timeout). */
  close(reason: DisconnectReason, why: string): void {
    if (this.closed) return;
    for (const p of [...this.participants.values()])
      this.remove(p, reason, { leaveAction: LeaveRequest_Action.DISCONNECT });
    this.closed = true;
    clearTimeout(this.closeTimer);
    clearTimeout(this.roomUpdateTimer);
    this.onClose(this, why);
  }

  /** Throttled RoomUpdate: the only way `room.numParticipants` changes on clients. */
  scheduleRoomUpdate(): void {
    if (this.roomUpdateTimer || this.closed) return;
    const wait = Math.max(0, this.lastRoomUpdateAt + ROOM_UPDATE_INTERVAL_MS - Date.now());
    this.roomUpdateTimer = setTimeout(() => {
      this.roomUpdateTimer = undefined;
      this.sendRoomUpdate();
    }, wait);
  }

  private sendRoomUpdate(): void {
    this.lastRoomUpdateAt = Date.now();
    const update = new RoomUpdate({ room: this.info() });
    for (const p of this.participants.values()) p.send({ case: 'roomUpdate', value: update });
  }

  private armCloseTimer(seconds: number, why: string): void {
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => {
      if (this.participants.size === 0) this.close(DisconnectReason.ROOM_CLOSED, why);
    }, seconds * 1000);
    this.closeTimer.unref();
  }
}
