import {
  type DisconnectReason,
  ParticipantInfo,
  ParticipantInfo_Kind,
  ParticipantInfo_State,
  type ParticipantPermission,
  type SignalResponse,
  type TrackInfo,
} from '@livekit/protocol';
import { guid } from '../ids.ts';
import type { DownTrack } from '../rtc/down-track.ts';
import type { PacketLane } from '../rtc/packet-lane.ts';
import type { PublishedTrack } from '../rtc/published-track.ts';
import type { PublisherTransport } from '../rtc/publisher-transport.ts';
import type { SdpSection } from '../rtc/sdp-sections.ts';
import type { SubscriberTransport } from '../rtc/subscriber-transport.ts';

export type SignalMessage = SignalResponse['message'];

/** A client gone for longer than the resume grace is removed anyway; this bounds what waits for it. */
const MAX_HELD_MESSAGES = 500;

/** Where a participant's signal messages go (a WebSocket in production). */
export interface SignalSink {
  send(message: SignalMessage): void;
  close(): void;
}

export interface ParticipantInit {
  identity: string;
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  permission: ParticipantPermission;
  autoSubscribe: boolean;
  apiKey: string;
}

/**
 * One joined session of an identity in a room. A resumed signal connection keeps it (same sid); a full
 * reconnect creates a new one.
 */
export class Participant {
  readonly sid = guid('PA_');
  readonly identity: string;
  readonly apiKey: string;
  name: string;
  metadata: string;
  attributes: Record<string, string>;
  permission: ParticipantPermission;
  readonly autoSubscribe: boolean;
  state = ParticipantInfo_State.JOINING;
  /** Increases on every change; clients drop updates older than what they have. */
  version = 1;
  readonly joinedAtMs = Date.now();
  disconnectReason?: DisconnectReason;

  /** Published tracks by track sid. */
  readonly tracks = new Map<string, PublishedTrack>();
  /** Tracks announced with AddTrackRequest but not yet seen in an offer, by client cid. */
  readonly pendingTracks = new Map<string, TrackInfo>();
  /** What this participant receives, by track sid. */
  readonly subscriptions = new Map<string, DownTrack>();
  /** m-sections of the latest publisher offer, to bind an AddTrackRequest that comes after it. */
  lastOfferSections: SdpSection[] = [];
  publisher?: PublisherTransport;
  subscriber?: SubscriberTransport;
  /** Where this participant's subscriptions are encrypted and sent: a send worker (decision 018) or the native sender here (019). */
  sendLane?: PacketLane;
  closed = false;
  /** Messages held while the signal socket is gone and the client may still resume. */
  private held?: SignalMessage[];
  private resumeTimer?: NodeJS.Timeout;

  constructor(
    init: ParticipantInit,
    private sink: SignalSink,
  ) {
    this.identity = init.identity;
    this.name = init.name;
    this.metadata = init.metadata;
    this.attributes = init.attributes;
    this.permission = init.permission;
    this.autoSubscribe = init.autoSubscribe;
    this.apiKey = init.apiKey;
  }

  get hidden(): boolean {
    return this.permission.hidden;
  }

  /** Recorders are neither announced nor counted in numParticipants. */
  get counted(): boolean {
    return !this.permission.recorder;
  }

  get isPublisher(): boolean {
    return this.tracks.size > 0;
  }

  send(message: SignalMessage): void {
    if (this.closed) return;
    if (!this.held) this.sink.send(message);
    else if (this.held.length < MAX_HELD_MESSAGES) this.held.push(message);
  }

  /**
   * The signal socket `sink` is gone: media keeps flowing and messages are held for `graceMs`, the time the
   * client has to resume; after that `expire` runs (the participant leaves).
   */
  detach(sink: SignalSink, graceMs: number, expire: () => void): void {
    if (this.closed || this.sink !== sink) return;
    this.held = [];
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(expire, graceMs);
    this.resumeTimer.unref();
  }

  /**
   * A resumed session: `sink` replaces the old socket (closed if it is still open). `first` goes out before
   * the messages held meanwhile.
   */
  resume(sink: SignalSink, first: SignalMessage): void {
    clearTimeout(this.resumeTimer);
    const old = this.sink;
    this.sink = sink;
    if (old !== sink) old.close();
    sink.send(first);
    const held = this.held ?? [];
    this.held = undefined;
    for (const m of held) sink.send(m);
  }

  closeSignal(): void {
    clearTimeout(this.resumeTimer);
    this.held = undefined;
    this.sink.close();
  }

  touch(): void {
    this.version++;
  }

  findTrack(sid: string): TrackInfo | undefined {
    const published = this.tracks.get(sid)?.info;
    if (published) return published;
    for (const info of this.pendingTracks.values()) if (info.sid === sid) return info;
    return undefined;
  }

  info(): ParticipantInfo {
    return new ParticipantInfo({
      sid: this.sid,
      identity: this.identity,
      name: this.name,
      metadata: this.metadata,
      attributes: this.attributes,
      state: this.state,
      tracks: [...this.tracks.values()].map((t) => t.info),
      version: this.version,
      permission: this.permission,
      joinedAt: BigInt(Math.floor(this.joinedAtMs / 1000)),
      joinedAtMs: BigInt(this.joinedAtMs),
      isPublisher: this.isPublisher,
      kind: ParticipantInfo_Kind.STANDARD,
      disconnectReason: this.disconnectReason,
    });
  }
}
