import type { LocalVideoTrack } from 'livekit-client';
import { CameraOff, Clock, Eye, LoaderCircle, MessageSquare, VideoOff, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { Cockpit } from '../../features/cockpit/cockpit.tsx';
import { createSenderHealthSource } from '../../features/cockpit/sender-health-source.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { BroadcasterControls } from './broadcaster-controls.tsx';
import { EndStreamDialog } from './end-stream-dialog.tsx';
import type { HostSession } from './host-session.ts';
import { useElapsed } from './use-elapsed.ts';
import { useThumbnails } from './use-thumbnails.ts';

/** A local track drawn into a <video>, re-attached whenever the track or the connection epoch changes. */
function LocalVideo({
  track,
  epoch,
  className,
  testId,
}: {
  track: LocalVideoTrack;
  epoch: number;
  className: string;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch is the re-attach trigger.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    track.attach(el);
    return () => {
      track.detach(el);
    };
  }, [track, epoch]);
  return <video ref={ref} data-testid={testId} className={className} autoPlay playsInline muted />;
}

/** Step 3: the full-screen broadcaster view (spec §2). */
/** While the full-screen broadcaster is up, the page behind it neither scrolls nor keeps a scrollbar gutter. */
const useFullScreenPage = () => {
  useEffect(() => {
    const root = document.documentElement.style;
    const previous = { overflow: root.overflow, gutter: root.scrollbarGutter };
    root.overflow = 'hidden';
    root.scrollbarGutter = 'auto';
    return () => {
      root.overflow = previous.overflow;
      root.scrollbarGutter = previous.gutter;
    };
  }, []);
};

export default function Broadcaster(props: {
  session: HostSession;
  title: string;
  startedAt: number;
  /** End the broadcast; `raidTo`: the live stream its audience is sent to (issue 35 item 4). */
  onEnd: (raidTo: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { session } = props;
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const elapsed = useElapsed(props.startedAt, session.update);
  const [ending, setEnding] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const creator = useSession()?.user.address ?? null;
  const health = useMemo(() => createSenderHealthSource(session.publishedTracks), [session]);
  useThumbnails(session.mint, () => (snap.camera ?? snap.screen)?.mediaStreamTrack);
  useFullScreenPage();

  const run = (work: () => Promise<void>, failure?: string) => () => {
    work().catch(() => {
      if (failure) notify.error(failure);
    });
  };
  const end = async (raidTo: string | null) => {
    setConfirmEnd(false);
    setEnding(true);
    try {
      await props.onEnd(raidTo);
    } finally {
      setEnding(false);
    }
  };

  // The page behind the full-screen view must not scroll (nor show its scrollbar).
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const main = snap.screen ?? snap.camera;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('start.broadcast')}
      className="fixed inset-0 z-50 flex bg-black text-white"
    >
      <div className="relative min-w-0 flex-1 overflow-hidden">
        {main ? (
          <LocalVideo
            track={main}
            epoch={snap.epoch}
            testId={snap.screen ? 'broadcast-screen' : 'broadcast-camera'}
            className={`absolute inset-0 size-full object-contain ${snap.screen || !snap.cameraOn ? '' : '-scale-x-100'}`}
          />
        ) : null}
        {!snap.screen && snap.cameraUnavailable ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-center"
          >
            <CameraOff aria-hidden className="size-12 text-white/40" />
            <p className="text-lg font-semibold">{t('live.cameraUnavailable')}</p>
            <p className="text-sm text-white/60">{t('live.cameraHint')}</p>
          </div>
        ) : !snap.screen && snap.camera && !snap.cameraOn ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black text-center">
            <VideoOff aria-hidden className="size-12 text-white/40" />
            <p className="text-sm text-white/60">{t('start.cameraOff')}</p>
          </div>
        ) : !main ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <LoaderCircle aria-hidden className="size-10 animate-spin text-brand" />
          </div>
        ) : null}
        {snap.screen && snap.camera && snap.cameraOn ? (
          <div className="absolute right-4 bottom-28 w-40 overflow-hidden rounded-xl border-2 border-white/20 shadow-2xl sm:w-56">
            <LocalVideo
              track={snap.camera}
              epoch={snap.epoch}
              testId="broadcast-pip"
              className="aspect-video w-full -scale-x-100 bg-black object-cover"
            />
          </div>
        ) : null}
        {snap.state === 'reconnecting' ? (
          <div role="status" className="absolute inset-0 flex items-center justify-center gap-3 bg-black/60">
            <LoaderCircle aria-hidden className="size-6 animate-spin" />
            <span className="font-semibold">{t('live.reconnecting')}</span>
          </div>
        ) : null}

        <div className="absolute inset-x-0 top-0 flex items-center gap-3 bg-gradient-to-b from-black/80 to-transparent p-4">
          <LiveBadge />
          <span
            data-testid="broadcast-viewers"
            className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-2 py-1 text-xs font-semibold"
          >
            <Eye aria-hidden className="size-3.5" />
            {snap.viewers}{' '}
            <span className="font-normal text-white/70">{t('start.viewers', { count: snap.viewers })}</span>
          </span>
          <span
            data-testid="broadcast-elapsed"
            className="inline-flex items-center gap-1.5 rounded-md bg-white/10 px-2 py-1 font-mono text-xs font-semibold tabular-nums"
          >
            <Clock aria-hidden className="size-3.5" />
            {elapsed}
          </span>
          <p className="ml-2 hidden min-w-0 truncate text-sm font-medium text-white/90 sm:block">
            {props.title}
          </p>
          <button
            type="button"
            onClick={() => setChatOpen((o) => !o)}
            aria-expanded={chatOpen}
            aria-controls="broadcast-cockpit"
            className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-md bg-white/10 px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap hover:bg-white/20 sm:hidden"
          >
            {chatOpen ? (
              <X aria-hidden className="size-3.5" />
            ) : (
              <MessageSquare aria-hidden className="size-3.5" />
            )}
            {chatOpen ? t('start.hideChat') : t('start.chat')}
          </button>
        </div>
        <div className="absolute inset-x-0 bottom-0 flex justify-center p-4">
          <BroadcasterControls
            cameraOn={snap.cameraOn}
            micOn={snap.micOn}
            screenOn={snap.screenOn}
            ending={ending}
            onCamera={run(() => session.toggleCamera())}
            onMic={run(() => session.toggleMicrophone())}
            onScreen={run(() => session.toggleScreenShare(), t('live.screenShareFailed'))}
            onEnd={() => setConfirmEnd(true)}
          />
        </div>
      </div>
      {/* One cockpit: a side panel from 640 px, a drawer over the video on phones. */}
      <Cockpit
        id="broadcast-cockpit"
        mint={session.mint}
        creatorAddress={creator}
        viewers={snap.viewers}
        startedAt={props.startedAt}
        health={health}
        overlays
        className={`${chatOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-16 bottom-24 z-20 rounded-t-2xl border-t border-white/10 bg-neutral-950/95 p-3 backdrop-blur sm:static sm:flex sm:w-[380px] sm:shrink-0 sm:rounded-none sm:border-t-0 sm:border-l sm:bg-neutral-950 sm:backdrop-blur-none`}
      />
      {confirmEnd && (
        <EndStreamDialog
          mint={session.mint}
          onConfirm={(raidTo) => void end(raidTo)}
          onCancel={() => setConfirmEnd(false)}
        />
      )}
    </div>
  );
}
