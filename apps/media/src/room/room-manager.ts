import { DisconnectReason } from '@livekit/protocol';
import { Room, type RoomOptions, type RoomServices } from './room.ts';

/** All rooms of this node. Rooms are created on first join or by CreateRoom. */
export class RoomManager {
  readonly rooms = new Map<string, Room>();

  constructor(readonly services: RoomServices) {}

  get(name: string): Room | undefined {
    return this.rooms.get(name);
  }

  getOrCreate(name: string, options: Partial<RoomOptions> = {}): Room {
    const existing = this.rooms.get(name);
    if (existing) return existing;
    const { ctx } = this.services;
    const room = new Room(
      name,
      {
        emptyTimeout: options.emptyTimeout || ctx.emptyTimeoutSec,
        departureTimeout: options.departureTimeout || ctx.departureTimeoutSec,
        maxParticipants: options.maxParticipants ?? 0,
        metadata: options.metadata ?? '',
      },
      this.services,
      (r, why) => this.onClosed(r, why),
    );
    this.rooms.set(name, room);
    this.services.log.info('room_started', { room: name, sid: room.sid });
    this.services.webhooks.notify('room_started', { room: room.info() });
    return room;
  }

  /** Server shutdown: every participant gets leave{SERVER_SHUTDOWN}. */
  closeAll(): void {
    for (const room of [...this.rooms.values()]) room.close(DisconnectReason.SERVER_SHUTDOWN, 'shutdown');
  }

  counts(): { rooms: number; participants: number; tracks: number; subscriptions: number } {
    let participants = 0;
    let tracks = 0;
    let subscriptions = 0;
    for (const room of this.rooms.values()) {
      for (const p of room.participants.values()) {
        participants++;
        tracks += p.tracks.size;
        subscriptions += p.subscriptions.size;
      }
    }
    return { rooms: this.rooms.size, participants, tracks, subscriptions };
  }

  private onClosed(room: Room, why: string): void {
    if (this.rooms.get(room.name) === room) this.rooms.delete(room.name);
    this.services.log.info('room_finished', { room: room.name, sid: room.sid, why });
    this.services.webhooks.notify('room_finished', { room: room.info() });
  }
}
