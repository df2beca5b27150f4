/**
 * The page each browser participant runs: unmodified livekit-client (UMD global
 * `LivekitClient`) with a few hooks the tests drive through `page.evaluate`.
 */
export const PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>lk</title></head><body>
<script src="/livekit-client.umd.js"></script>
<script>
const LK = window.LivekitClient;
window.lk = { room: null, events: [] };
const log = (...e) => window.lk.events.push([...e, Math.round(performance.now() - (window.lk.joinStartedAt ?? 0))]);
// window.lkTrace (set by a bench): log each peer connection's phases — remote description, ICE gathering,
// ICE and DTLS (connection) states — so a join's time can be split up.
if (window.lkTrace) {
  const NativePC = window.RTCPeerConnection;
  let pcs = 0;
  window.RTCPeerConnection = class extends NativePC {
    constructor(config) {
      super(config);
      const n = ++pcs;
      this.addEventListener('icegatheringstatechange', () => log('gather' + n, this.iceGatheringState, 0));
      this.addEventListener('iceconnectionstatechange', () => log('ice' + n, this.iceConnectionState, 0));
      this.addEventListener('connectionstatechange', () => log('dtls' + n, this.connectionState, 0));
    }
    setRemoteDescription(d) {
      log('remote', d?.type ?? '?', 0);
      return super.setRemoteDescription(d);
    }
  };
}
window.lkJoin = async (url, token) => {
  window.lk.joinStartedAt = performance.now();
  // As the web app: layers are chosen by the SFU, and dynacast lets it switch unwatched ones off.
  // window.lkRoomOptions: a bench sets what the web app sets (e.g. singlePeerConnection: false).
  const room = new LK.Room({ adaptiveStream: false, dynacast: true, ...(window.lkRoomOptions ?? {}) });
  window.lk.room = room;
  room.on(LK.RoomEvent.TrackSubscribed, (track, pub, p) => {
    const el = track.attach();
    el.muted = true;
    el.dataset.sid = pub.trackSid;
    el.dataset.source = pub.source;
    // Time to first frame: the first frame the compositor presents for this element.
    if (track.kind === 'video' && el.requestVideoFrameCallback) {
      el.requestVideoFrameCallback(() => { window.lk.firstFrameAt ??= performance.now(); });
      // Where a join's time goes, for the benches: first RTP packet, first whole frame, first decoded frame.
      const seen = {};
      const poll = setInterval(async () => {
        const stats = await track.receiver?.getStats().catch(() => undefined);
        stats?.forEach((r) => {
          if (r.type !== 'inbound-rtp') return;
          if (r.packetsReceived > 0 && !seen.rtp) { seen.rtp = 1; log('rtp'); }
          if (r.framesReceived > 0 && !seen.frame) { seen.frame = 1; log('frame'); }
          if (r.framesDecoded > 0 && !seen.decoded) { seen.decoded = 1; log('decoded'); clearInterval(poll); }
        });
      }, 10);
      setTimeout(() => clearInterval(poll), 30000);
    }
    document.body.appendChild(el);
    log('subscribed', pub.source, p.identity, pub.trackSid);
  });
  room.on(LK.RoomEvent.TrackUnsubscribed, (track, pub, p) => {
    track.detach().forEach((el) => el.remove());
    document.querySelectorAll('[data-sid="' + pub.trackSid + '"]').forEach((el) => el.remove());
    log('unsubscribed', pub.source, p.identity);
  });
  room.on(LK.RoomEvent.TrackMuted, (pub, p) => log('muted', pub.source, p.identity));
  room.on(LK.RoomEvent.TrackUnmuted, (pub, p) => log('unmuted', pub.source, p.identity));
  room.on(LK.RoomEvent.TrackUnpublished, (pub, p) => log('unpublished', pub.source, p.identity));
  room.on(LK.RoomEvent.ParticipantConnected, (p) => log('participantConnected', p.identity));
  room.on(LK.RoomEvent.ParticipantDisconnected, (p) => log('participantDisconnected', p.identity));
  room.on(LK.RoomEvent.DataReceived, (payload, p) => log('data', new TextDecoder().decode(payload), p?.identity));
  room.on(LK.RoomEvent.SignalConnected, () => log('signal'));
  room.on(LK.RoomEvent.Reconnecting, () => log('reconnecting'));
  room.on(LK.RoomEvent.Reconnected, () => log('reconnected'));
  room.on(LK.RoomEvent.Disconnected, (reason) => log('disconnected', reason));
  await room.connect(url, token);
  log('connected', room.localParticipant.sid);
};
/** Size and decoded-frame count of the first playing video of a source. */
window.lkVideo = (source) => {
  const el = [...document.querySelectorAll('video')].filter((v) => !source || v.dataset.source === source).at(-1);
  if (!el) return null;
  const q = el.getVideoPlaybackQuality();
  return { width: el.videoWidth, height: el.videoHeight, frames: q.totalVideoFrames, sid: el.dataset.sid };
};
</script></body></html>`;
