import {
  HTTP_TIER_RECHECK_MS,
  httpViewersChannelForMint,
  type TLiveTokenResponse,
} from '@mintcast/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel.ts';
import { useAnnounce } from './player-announcer.tsx';
import { LiveOverlay, PlayerFrame, PlayerStatus, UnmuteButton } from './player-frame.tsx';
import { fetchViewerToken } from './player-warm-up.ts';
import { TierIndicator } from './tier-indicator.tsx';
import { useHls } from './use-hls.ts';
import { useVideoFrames } from './use-video-frames.ts';

const ignore = () => {};

/**
 * The stream over the HTTP tier (HLS from the site's origin, a few seconds behind). With `recheck` (the viewer
 * was sent here because WebRTC was full) it asks for a WebRTC place every HTTP_TIER_RECHECK_MS and hands the
 * token over as soon as one frees up.
 */
export function HttpTierPlayer({
  mint,
  playlistUrl,
  recheck,
  onWebRtcPlace,
}: {
  mint: string;
  playlistUrl: string;
  recheck: boolean;
  onWebRtcPlace: (token: TLiveTokenResponse) => void;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const generation = useHls(videoRef, playlistUrl);
  const framesShowing = useVideoFrames(videoRef, `hls:${generation}`);
  // Held while this player is on screen: the server counts this tier's viewers by it (a CDN hides them).
  useRealtimeChannel(httpViewersChannelForMint(mint), ignore, ignore);

  useEffect(() => {
    if (!recheck) return;
    let stopped = false;
    const timer = setInterval(() => {
      fetchViewerToken(mint).then(
        (place) => {
          if (!stopped && 'token' in place) onWebRtcPlace(place);
        },
        () => undefined,
      );
    }, HTTP_TIER_RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [mint, recheck, onWebRtcPlace]);

  useAnnounce(framesShowing ? t('stream.playing') : null);
  return (
    <PlayerFrame>
      <video
        ref={videoRef}
        data-testid="stream-video"
        data-source="hls"
        className={`absolute inset-0 size-full object-contain ${framesShowing ? '' : 'invisible'}`}
        autoPlay
        playsInline
        muted={muted}
      />
      {framesShowing ? null : <PlayerStatus spinner title={t('live.connecting')} />}
      <LiveOverlay />
      {framesShowing ? <TierIndicator tier="http" /> : null}
      {framesShowing && muted ? <UnmuteButton onClick={() => setMuted(false)} /> : null}
    </PlayerFrame>
  );
}
