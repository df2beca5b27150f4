import type { TLiveTokenResponse } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { RemoteParticipant, RemoteTrackPublication } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamKeys } from '../../queries/streams.ts';
import type { TConnectionState } from './connection-state.ts';
import { findHost, pickHostAudio, pickHostVideo, viewerCount } from './host-video.ts';
import { LiveConnection } from './live-connection.ts';
import { takeViewerToken } from './player-warm-up.ts';

export interface ViewerSnapshot {
  state: TConnectionState;
  failed: boolean;
  /** A join failed before the room was ever connected (rejoins may be under way). */
  joinFailed: boolean;
  host: RemoteParticipant | undefined;
  video: RemoteTrackPublication | undefined;
  audio: RemoteTrackPublication | undefined;
  audioBlocked: boolean;
  viewers: number;
  epoch: number;
}

const EMPTY: ViewerSnapshot = {
  state: 'connecting',
  failed: false,
  joinFailed: false,
  host: undefined,
  video: undefined,
  audio: undefined,
  audioBlocked: false,
  viewers: 0,
  epoch: 0,
};

/**
 * The viewer's side of a stream room: joins with a subscribe-only token (it never publishes), finds the
 * host by metadata role, and exposes what to show. Connection handling lives in `LiveConnection`.
 * `firstToken`: a token already in hand (a place on WebRTC freed up); `onFull`: the server sent this viewer to
 * the HTTP tier instead of giving a token (issue 33).
 */
export const useViewerRoom = (
  mint: string,
  opts: { firstToken?: TLiveTokenResponse; onFull: (playlistUrl: string) => void },
) => {
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [snap, setSnap] = useState<ViewerSnapshot>(EMPTY);
  const connRef = useRef<LiveConnection | null>(null);
  const failedRef = useRef(false);
  const joinFailedRef = useRef(false);
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    failedRef.current = false;
    joinFailedRef.current = false;
    let hostWasPresent = false;
    const refresh = () => {
      const conn = connRef.current;
      const room = conn?.room;
      const participants = room ? [...room.remoteParticipants.values()] : [];
      const host = findHost(participants);
      // The host leaving may mean the stream ended: re-read the stream record instead of waiting 30 s.
      if (hostWasPresent && !host) void queryClient.invalidateQueries({ queryKey: streamKeys.all });
      hostWasPresent = Boolean(host);
      setSnap({
        state: conn?.state ?? 'disconnected',
        failed: failedRef.current,
        joinFailed: joinFailedRef.current,
        host,
        video: pickHostVideo(host),
        audio: pickHostAudio(host),
        audioBlocked: room ? !room.canPlaybackAudio : false,
        viewers: room
          ? viewerCount({
              numParticipants: room.numParticipants,
              hostPresent: Boolean(host),
              visibleViewers: participants.length - (host ? 1 : 0) + 1,
            })
          : 0,
        epoch: conn?.epoch ?? 0,
      });
    };
    const conn = new LiveConnection({
      // The first join takes the token the page asked for early (player-warm-up.ts); later joins a new one.
      getToken: async () => {
        const first = optsRef.current.firstToken;
        optsRef.current.firstToken = undefined;
        const place = first ?? (await takeViewerToken(mint));
        if ('token' in place) return place;
        optsRef.current.onFull(place.playlistUrl);
        throw new Error('WebRTC is full: playing the HTTP tier');
      },
      onChange: refresh,
      onJoinFailed: () => {
        joinFailedRef.current = true;
        refresh();
      },
      onClosed: (reason) => {
        if (reason === 'failed') failedRef.current = true;
        void queryClient.invalidateQueries({ queryKey: streamKeys.all });
        refresh();
      },
    });
    connRef.current = conn;
    conn.start().catch(() => undefined);
    // numParticipants arrives throttled and without an event of its own: re-read it now and then.
    const tick = setInterval(refresh, 2_000);
    return () => {
      clearInterval(tick);
      connRef.current = null;
      void conn.stop();
    };
  }, [mint, queryClient, attempt]);

  const retry = useCallback(() => {
    setSnap(EMPTY);
    setAttempt((n) => n + 1);
  }, []);

  const startAudio = useCallback(async () => {
    await connRef.current?.room?.startAudio();
  }, []);

  return { ...snap, retry, startAudio };
};
