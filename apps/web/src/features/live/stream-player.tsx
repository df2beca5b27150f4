import type { TStream } from '@mintcast/contracts';
import { VideoOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerAnnouncer } from './player-announcer.tsx';
import { PlayerFrame, PlayerStatus } from './player-frame.tsx';
import { loadViewerPlayer } from './player-warm-up.ts';

// livekit-client and the player are only downloaded for a stream page (player-warm-up.ts starts it early).
const ViewerPlayer = lazy(loadViewerPlayer);

/** The stream page's player (spec §2): offline, or the live room of the stream's host. */
export function StreamPlayer({ stream }: { stream: TStream }) {
  const { t } = useTranslation();
  // The page keeps the record fresh (status push, 30 s poll): it says whether there is a broadcast. The
  // announcer stays mounted across both, so going live or offline is read out.
  return (
    <PlayerAnnouncer>
      {stream.is_currently_live ? (
        <Suspense
          fallback={
            <PlayerFrame>
              <PlayerStatus spinner title={t('live.connecting')} />
            </PlayerFrame>
          }
        >
          <ViewerPlayer key={stream.mint} mint={stream.mint} />
        </Suspense>
      ) : (
        <PlayerFrame>
          <PlayerStatus
            icon={<VideoOff aria-hidden className="size-9 text-white/40" />}
            title={t('live.offline')}
          />
        </PlayerFrame>
      )}
    </PlayerAnnouncer>
  );
}
