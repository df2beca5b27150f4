import { CircleStop, Mic, MicOff, ScreenShare, ScreenShareOff, Video, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const round =
  'inline-flex size-12 items-center justify-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50';
const on = 'border-white/15 bg-white/10 text-white hover:bg-white/20';
const off = 'border-live/40 bg-live/20 text-live hover:bg-live/30';

function Toggle(props: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.active}
      title={props.label}
      disabled={props.busy}
      onClick={props.onClick}
      className={`${round} ${props.active ? on : off}`}
    >
      {props.children}
    </button>
  );
}

/** The broadcaster's bottom bar: camera, microphone, screen share, End Stream. */
export function BroadcasterControls(props: {
  cameraOn: boolean;
  micOn: boolean;
  screenOn: boolean;
  ending: boolean;
  onCamera: () => void;
  onMic: () => void;
  onScreen: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 rounded-2xl border border-white/10 bg-black/60 px-3 py-3 backdrop-blur sm:gap-3 sm:px-4">
      <Toggle
        label={props.cameraOn ? t('start.turnCameraOff') : t('start.turnCameraOn')}
        active={props.cameraOn}
        onClick={props.onCamera}
      >
        {props.cameraOn ? (
          <Video aria-hidden className="size-5" />
        ) : (
          <VideoOff aria-hidden className="size-5" />
        )}
      </Toggle>
      <Toggle
        label={props.micOn ? t('start.muteMic') : t('start.unmuteMic')}
        active={props.micOn}
        onClick={props.onMic}
      >
        {props.micOn ? <Mic aria-hidden className="size-5" /> : <MicOff aria-hidden className="size-5" />}
      </Toggle>
      <button
        type="button"
        aria-label={props.screenOn ? t('start.stopShare') : t('start.share')}
        aria-pressed={props.screenOn}
        title={props.screenOn ? t('start.stopShare') : t('start.share')}
        onClick={props.onScreen}
        className={`${round} ${props.screenOn ? 'border-brand/50 bg-brand/20 text-brand hover:bg-brand/30' : on}`}
      >
        {props.screenOn ? (
          <ScreenShareOff aria-hidden className="size-5" />
        ) : (
          <ScreenShare aria-hidden className="size-5" />
        )}
      </button>
      <span aria-hidden className="mx-0.5 h-8 w-px bg-white/15 sm:mx-1" />
      <button
        type="button"
        onClick={props.onEnd}
        disabled={props.ending}
        className="inline-flex h-12 items-center gap-2 rounded-full bg-live-strong px-4 text-sm whitespace-nowrap sm:px-5 font-semibold text-white transition-colors hover:bg-live/85 disabled:opacity-60"
      >
        <CircleStop aria-hidden className="size-5" />
        {props.ending ? t('start.ending') : t('start.end')}
      </button>
    </div>
  );
}
