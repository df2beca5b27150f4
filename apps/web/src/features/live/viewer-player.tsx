import type { TLiveTokenResponse } from '@mintcast/contracts';
import { TriangleAlert, UserRound } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { fetchHttpTierStatus } from '../../queries/live.ts';
import { HttpTierPlayer } from './http-tier-player.tsx';
import { useAnnounce } from './player-announcer.tsx';
import { LiveOverlay, PlayerFrame, PlayerStatus, UnmuteButton } from './player-frame.tsx';
import { TierIndicator } from './tier-indicator.tsx';
import { useVideoFrames } from './use-video-frames.ts';
import { useViewerRoom } from './use-viewer-room.ts';
import { useVisibleSubscription } from './use-visible-subscription.ts';

type Tier =
  | { kind: 'webrtc'; token?: TLiveTokenResponse; attempt: number }
  | { kind: 'http'; playlistUrl: string; recheck: boolean };

/**
 * The live player itself (lazy chunk with livekit-client). It picks its tier by itself (issue 33): WebRTC
 * first; the HTTP tier when the server says WebRTC is full (and back when a place frees up), or when WebRTC
 * failed to join (a network that blocks it) and the tier runs here.
 */
export default function ViewerPlayer({ mint }: { mint: string }) {
  const [tier, setTier] = useState<Tier>({ kind: 'webrtc', attempt: 0 });
  const toHttp = useCallback(
    (playlistUrl: string, recheck: boolean) => setTier({ kind: 'http', playlistUrl, recheck }),
    [],
  );
  const toWebRtc = useCallback(
    (token: TLiveTokenResponse) =>
      setTier((prev) => ({ kind: 'webrtc', token, attempt: ('attempt' in prev ? prev.attempt : 0) + 1 })),
    [],
  );
  if (tier.kind === 'http')
    return (
      <HttpTierPlayer
        mint={mint}
        playlistUrl={tier.playlistUrl}
        recheck={tier.recheck}
        onWebRtcPlace={toWebRtc}
      />
    );
  return <WebRtcPlayer key={tier.attempt} mint={mint} firstToken={tier.token} onHttp={toHttp} />;
}

/** The stream over WebRTC: host video and audio, states of spec §2. */
function WebRtcPlayer({
  mint,
  firstToken,
  onHttp,
}: {
  mint: string;
  firstToken: TLiveTokenResponse | undefined;
  onHttp: (playlistUrl: string, recheck: boolean) => void;
}) {
  const { t } = useTranslation();
  const room = useViewerRoom(mint, { firstToken, onFull: (url) => onHttp(url, true) });
  const connectedOnce = useRef(false);
  if (room.state === 'connected') connectedOnce.current = true;
  // A first join that failed (livekit-client gives up after its peer connection timeout, 15 s, when UDP and
  // the media port are blocked), even while rejoins are under way: the HTTP tier, if it runs here. A slow join
  // that works never switches.
  const failedFirst = (room.failed || room.joinFailed) && !connectedOnce.current;
  useEffect(() => {
    if (!failedFirst) return;
    let cancelled = false;
    fetchHttpTierStatus().then(
      (status) => {
        if (status.available && !cancelled) onHttp(`/hls/${mint}/index.m3u8`, false);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [mint, onHttp, failedFirst]);
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const hostPubs = useMemo(() => (room.host ? [...room.host.trackPublications.values()] : []), [room.host]);
  useVisibleSubscription(frameRef, room.video, hostPubs);

  const videoTrack = room.video?.videoTrack;
  const audioTrack = room.audio?.audioTrack;
  // Re-attach on a new track and after every reconnect (epoch), so the picture comes back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the re-attach trigger.
  useEffect(() => {
    const el = videoRef.current;
    if (!el || !videoTrack) return;
    videoTrack.attach(el);
    return () => {
      videoTrack.detach(el);
    };
  }, [videoTrack, room.epoch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the re-attach trigger.
  useEffect(() => {
    const el = audioRef.current;
    if (!el || !audioTrack) return;
    audioTrack.attach(el);
    return () => {
      audioTrack.detach(el);
    };
  }, [audioTrack, room.epoch]);

  const framesShowing = useVideoFrames(videoRef, videoTrack ? `${videoTrack.sid}:${room.epoch}` : null);

  const showVideo = room.state !== 'disconnected' && Boolean(videoTrack);
  let overlay: React.ReactNode = null;
  if (room.failed || (room.state === 'disconnected' && room.epoch > 0)) {
    overlay = (
      <PlayerStatus
        icon={<TriangleAlert aria-hidden className="size-9 text-live" />}
        title={t('live.connectionError')}
        detail={t('live.connectFailed')}
      >
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={room.retry}>
          {t('common.tryAgain')}
        </button>
      </PlayerStatus>
    );
  } else if (room.state === 'connecting' || (room.state === 'disconnected' && room.epoch === 0)) {
    overlay = <PlayerStatus spinner title={t('live.connecting')} />;
  } else if (room.state === 'reconnecting') {
    overlay = (
      <div className="absolute inset-0 bg-black/60">
        <PlayerStatus spinner title={t('live.reconnecting')} />
      </div>
    );
  } else if (!room.host) {
    overlay = (
      <PlayerStatus
        icon={<UserRound aria-hidden className="size-9 text-white/40" />}
        title={t('live.waitingHost')}
      />
    );
  } else if (!videoTrack || !framesShowing) {
    // Subscribed is not yet a picture: until frames are presented the stage says so instead of staying black.
    overlay = <PlayerStatus spinner title={t('live.waitingVideo')} />;
  }

  const connected = room.state === 'connected' || room.state === 'reconnecting';
  // The picture itself has no text: once it shows, the player's live region says the stream is live.
  useAnnounce(!overlay && connected ? t('stream.playing') : null);
  return (
    <div ref={frameRef}>
      <PlayerFrame>
        <video
          ref={videoRef}
          data-testid="stream-video"
          data-source={room.video?.source ?? ''}
          className={`absolute inset-0 size-full object-contain ${showVideo ? '' : 'invisible'}`}
          autoPlay
          playsInline
          muted
        />
        {/* biome-ignore lint/a11y/useMediaCaption: live audio has no caption track. */}
        <audio ref={audioRef} data-testid="stream-audio" autoPlay />
        {overlay}
        {connected && !room.failed ? <LiveOverlay viewers={room.viewers} /> : null}
        {connected && !overlay ? <TierIndicator tier="webrtc" /> : null}
        {connected && room.audio && room.audioBlocked ? (
          <UnmuteButton onClick={() => void room.startAudio()} />
        ) : null}
      </PlayerFrame>
    </div>
  );
}
