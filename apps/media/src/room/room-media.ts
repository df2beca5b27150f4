import {
  type AddTrackRequest,
  ParticipantInfo,
  TrackInfo,
  TrackPublishedResponse,
  TrackSource,
  TrackType,
  type UpdateTrackSettings,
  VideoQuality,
} from '@livekit/protocol';
import type { RTCRtpTransceiver } from 'werift';
import { guid } from '../ids.ts';
import { DownTrack } from '../rtc/down-track.ts';
import { subscribedQualityUpdate } from '../rtc/dynacast.ts';
import { PublishedTrack } from '../rtc/published-track.ts';
import { isSending, type SdpSection } from '../rtc/sdp-sections.ts';
import type { Participant } from './participant.ts';
import { canPublishSource } from './permissions.ts';
import type { Room } from './room.ts';

/**
 * Publishing and subscribing inside one room. A track goes live when an offer carries an
 * m-section whose msid track id equals an AddTrackRequest's cid, and ends when a later offer
 * stops sending on that m-section (the client has no unpublish message).
 */
export class RoomMedia {
  private readonly hooked = new WeakSet<RTCRtpTransceiver>();
  private readonly bound = new WeakMap<RTCRtpTransceiver, PublishedTrack>();

  constructor(private readonly room: Room) {}

  addTrack(p: Participant, req: AddTrackRequest): void {
    if (!canPublishSource(p.permission, req.source)) {
      // The client checks its permission before asking; a request anyway is refused by silence
      // (the client's publish then times out), like Go which logs and drops it.
      this.room.services.log.warn('add_track_refused', { identity: p.identity, source: req.source });
      return;
    }
    const existing = p.pendingTracks.get(req.cid);
    const info =
      existing ??
      new TrackInfo({
        sid: guid('TR_'),
        type: req.type,
        name: req.name,
        muted: req.muted,
        width: req.width,
        height: req.height,
        simulcast: req.layers.length > 1,
        disableDtx: req.disableDtx,
        source: req.source,
        layers: req.layers,
        mimeType: req.type === TrackType.VIDEO ? 'video/VP8' : 'audio/opus',
        stereo: req.stereo,
        disableRed: true,
        stream: req.stream,
      });
    p.pendingTracks.set(req.cid, info);
    p.send({ case: 'trackPublished', value: new TrackPublishedResponse({ cid: req.cid, track: info }) });
    // The offer may already have arrived (clients may negotiate in parallel).
    const pc = p.publisher?.pc;
    if (pc && p.lastOfferSections.length > 0) this.bindSections(p, p.lastOfferSections, pc.getTransceivers());
  }

  onPublisherOffer(p: Participant, sections: SdpSection[], transceivers: RTCRtpTransceiver[]): void {
    p.lastOfferSections = sections;
    this.bindSections(p, sections, transceivers);
    // Sections that stopped sending: the client unpublished that track.
    const sending = new Set(sections.filter(isSending).map((s) => s.mid));
    for (const track of [...p.tracks.values()]) {
      if (!sending.has(track.mid)) this.unpublish(p, track);
    }
  }

  private bindSections(p: Participant, sections: SdpSection[], transceivers: RTCRtpTransceiver[]): void {
    for (const s of sections) {
      if (!isSending(s) || !s.msidTrack) continue;
      const info = p.pendingTracks.get(s.msidTrack);
      const t = transceivers.find((x) => x.mid === s.mid);
      if (!info || !t || this.bound.get(t)?.sid === info.sid) continue;
      p.pendingTracks.delete(s.msidTrack);
      this.bind(p, info, s.mid, t);
    }
  }

  /**
   * A WHIP publisher (RFC 9725) announces nothing before its offer: each m-section it sends on becomes a
   * camera or microphone track, in the codec negotiated for it.
   */
  publishIngest(p: Participant, sections: SdpSection[], transceivers: RTCRtpTransceiver[]): void {
    for (const s of sections) {
      const t = transceivers.find((x) => x.mid === s.mid);
      if (!isSending(s) || !t || this.bound.has(t) || (s.kind !== 'audio' && s.kind !== 'video')) continue;
      const video = s.kind === 'video';
      const codec = t.codecs.find((c) => !/\/(rtx|red)$/i.test(c.mimeType));
      if (!codec) continue;
      const info = new TrackInfo({
        sid: guid('TR_'),
        type: video ? TrackType.VIDEO : TrackType.AUDIO,
        name: video ? 'camera' : 'microphone',
        source: video ? TrackSource.CAMERA : TrackSource.MICROPHONE,
        mimeType: video ? (/h264/i.test(codec.mimeType) ? 'video/H264' : 'video/VP8') : 'audio/opus',
        stereo: !video && codec.channels === 2,
        disableRed: true,
      });
      this.bind(p, info, s.mid, t);
    }
  }

  private bind(p: Participant, info: TrackInfo, mid: string, t: RTCRtpTransceiver): void {
    info.mid = mid;
    const { metrics, ctx } = this.room.services;
    const track = new PublishedTrack(
      info,
      p.sid,
      mid,
      metrics,
      (max) => {
        p.send({ case: 'subscribedQualityUpdate', value: subscribedQualityUpdate(info.sid, max) });
      },
      ctx.dynacastClock,
    );
    this.bound.set(t, track);
    this.hook(t);
    for (const mst of t.receiver.tracks) track.attach(mst, t.receiver);
    this.publish(p, track);
  }

  /** Routes a transceiver's (simulcast) tracks to whatever published track it carries now. */
  private hook(t: RTCRtpTransceiver): void {
    if (this.hooked.has(t)) return;
    this.hooked.add(t);
    t.onTrack.subscribe((mst) => this.bound.get(t)?.attach(mst, t.receiver));
  }

  private publish(p: Participant, track: PublishedTrack): void {
    p.tracks.set(track.sid, track);
    p.touch();
    this.room.broadcast(p);
    this.room.scheduleRoomUpdate();
    const { log, webhooks } = this.room.services;
    log.info('track_published', {
      room: this.room.name,
      identity: p.identity,
      track: track.sid,
      source: track.info.source,
    });
    webhooks.notify('track_published', {
      room: this.room.info(),
      participant: sidAndIdentity(p),
      track: track.info,
    });
    for (const sub of this.room.participants.values()) {
      if (sub !== p && sub.autoSubscribe) this.subscribe(sub, p, track);
    }
  }

  unpublish(p: Participant, track: PublishedTrack, announce = true): void {
    if (!p.tracks.delete(track.sid)) return;
    for (const sub of this.room.participants.values()) this.unsubscribe(sub, track.sid);
    track.close();
    if (announce) {
      p.touch();
      this.room.broadcast(p);
      this.room.scheduleRoomUpdate();
    }
    this.room.services.log.info('track_unpublished', {
      room: this.room.name,
      identity: p.identity,
      track: track.sid,
    });
    this.room.services.webhooks.notify('track_unpublished', {
      room: this.room.info(),
      participant: sidAndIdentity(p),
      track: track.info,
    });
  }

  /** Gives a newly joined participant every track already published. */
  subscribeExisting(sub: Participant): void {
    if (!sub.autoSubscribe) return;
    for (const pub of this.room.participants.values()) {
      if (pub === sub) continue;
      for (const track of pub.tracks.values()) this.subscribe(sub, pub, track);
    }
  }

  subscribe(sub: Participant, pub: Participant, track: PublishedTrack): void {
    if (!sub.permission.canSubscribe || !sub.subscriber || sub.subscriptions.has(track.sid) || sub.closed)
      return;
    const kind = track.info.type === TrackType.VIDEO ? 'video' : 'audio';
    const t = sub.subscriber.addTrack(kind, pub.sid, track.sid, track.info.mimeType);
    const { sendPool, inlineSender } = this.room.services.ctx;
    sub.sendLane ??= sendPool?.lane(this.room.name) ?? inlineSender?.lane();
    const dt = new DownTrack(
      track.sid,
      sub.sid,
      t,
      track.clockRate,
      this.room.services.metrics,
      sub.sendLane,
    );
    sub.subscriptions.set(track.sid, dt);
    track.addDownTrack(dt);
  }

  unsubscribe(sub: Participant, trackSid: string): void {
    const dt = sub.subscriptions.get(trackSid);
    if (!dt) return;
    sub.subscriptions.delete(trackSid);
    for (const pub of this.room.participants.values()) pub.tracks.get(trackSid)?.removeDownTrack(dt);
    sub.subscriber?.removeTrack(dt.transceiver);
    dt.close();
  }

  /** Viewer preferences: pause, or cap the layer by quality or by rendered size. */
  updateTrackSettings(sub: Participant, s: UpdateTrackSettings): void {
    for (const sid of s.trackSids) {
      const dt = sub.subscriptions.get(sid);
      const track = this.findTrack(sid);
      if (!dt || !track) continue;
      dt.disabled = s.disabled || s.quality === VideoQuality.OFF;
      dt.maxQuality = s.width > 0 ? qualityForWidth(track.info, s.width) : s.quality;
      track.retarget(dt);
    }
  }

  setMuted(p: Participant, sid: string, muted: boolean): TrackInfo | undefined {
    const info = p.findTrack(sid);
    if (!info) return undefined;
    info.muted = muted;
    p.touch();
    this.room.broadcast(p);
    return info;
  }

  /** Asks publishers for a keyframe for every track `sub` receives (its transport just connected). */
  requestKeyframes(sub: Participant): void {
    for (const [sid, dt] of sub.subscriptions) this.findTrack(sid)?.retarget(dt, true);
  }

  /** A participant leaves: its tracks end and it stops receiving. */
  dropParticipant(p: Participant): void {
    for (const track of [...p.tracks.values()]) this.unpublish(p, track, false);
    for (const sid of [...p.subscriptions.keys()]) this.unsubscribe(p, sid);
    p.sendLane?.release();
  }

  findTrack(sid: string): PublishedTrack | undefined {
    for (const p of this.room.participants.values()) {
      const t = p.tracks.get(sid);
      if (t) return t;
    }
    return undefined;
  }
}

/** track_published / track_unpublished webhooks carry only the participant's sid and identity. */
function sidAndIdentity(p: Participant): ParticipantInfo {
  return new ParticipantInfo({ sid: p.sid, identity: p.identity });
}

/** The smallest layer at least as wide as the viewer's element, else the best one. */
function qualityForWidth(info: TrackInfo, width: number): VideoQuality {
  const layers = [...info.layers].sort((a, b) => a.width - b.width);
  const fit = layers.find((l) => l.width >= width);
  return fit ? fit.quality : VideoQuality.HIGH;
}
