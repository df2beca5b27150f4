import { formatElapsed } from '@mintcast/contracts';
import { AlertTriangle, Clock, Eye, Gauge, TrendingUp } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../lib/i18n/format.ts';
import { ChatPanel } from '../chat/chat-panel.tsx';
import { BroadcastSwitches } from './broadcast-switches.tsx';
import { CockpitClips } from './cockpit-clips.tsx';
import { CockpitHolderChat } from './cockpit-holder-chat.tsx';
import { CockpitOverlays } from './cockpit-overlays.tsx';
import { CockpitTips } from './cockpit-tips.tsx';
import { CockpitTradeAlerts } from './cockpit-trade-alerts.tsx';
import { type HealthSource, healthFigures, recentReadings, type THealth } from './health.ts';
import { READINGS_KEPT, uploadStruggling } from './upload-warning.ts';

const noSource: HealthSource = { subscribe: () => () => undefined, getSnapshot: () => null };

/** The last few health readings of a source (for the warning, which needs several in a row), and their count. */
const useHealth = (source: HealthSource | null): { recent: THealth[]; count: number } => {
  const s = source ?? noSource;
  const current = useSyncExternalStore(s.subscribe, s.getSnapshot, () => null);
  const [state, setState] = useState<{ recent: THealth[]; count: number }>({ recent: [], count: 0 });
  useEffect(() => {
    // No reading (the stream stopped) clears the tiles and the warning's history.
    setState((r) => ({
      recent: recentReadings(r.recent, current, READINGS_KEPT),
      count: current ? r.count + 1 : 0,
    }));
  }, [current]);
  return state;
};

/** Seconds since `startedAt`, ticking every second. */
const useSecondsSince = (startedAt: number | null): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return startedAt === null ? 0 : Math.max(0, (now - startedAt) / 1000);
};

function Stat(props: { label: string; value: ReactNode; icon?: ReactNode; testId: string; tone?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-white/5 px-2.5 py-1.5">
      <dt className="flex items-center gap-1 truncate text-[11px] font-medium tracking-wide text-white/55 uppercase">
        {props.icon}
        {props.label}
      </dt>
      <dd
        data-testid={props.testId}
        className={`truncate font-mono text-sm font-semibold tabular-nums ${props.tone ?? ''}`}
      >
        {props.value}
      </dd>
    </div>
  );
}

/**
 * The broadcaster's cockpit: viewers now and at peak, time live, the outgoing stream's health (with a warning
 * when the upload cannot keep up) and the live chat with every creator tool. Used by the browser broadcaster
 * and the OBS stream dashboard; each passes where its health figures come from (null: not available).
 */
export function Cockpit(props: {
  mint: string;
  /** The signed-in creator: the chat shows its moderation tools. */
  creatorAddress: string | null;
  viewers: number;
  /** When the broadcast started (ms), null while offline. */
  startedAt: number | null;
  health: HealthSource | null;
  className?: string;
  id?: string;
  /**
   * Also the OBS overlays panel (the browser broadcaster's cockpit: its creator can put the overlays into OBS or
   * any compositor). The stream dashboard shows that panel beside its cockpit, with room for the preview.
   */
  overlays?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const peak = useRef(0);
  peak.current = Math.max(peak.current, props.viewers);
  const seconds = useSecondsSince(props.startedAt);
  const { recent, count: readings } = useHealth(props.health);
  const figures = healthFigures(recent.at(-1), intlLocale(i18n.language));
  const struggling = uploadStruggling(recent);
  const icon = 'size-3';
  return (
    <section
      id={props.id}
      aria-label={t('start.cockpit.label')}
      data-health-readings={readings}
      className={`flex min-h-0 flex-col gap-3 overflow-y-auto ${props.className ?? ''}`}
    >
      {/* Audience in one row, health in a 2 × 2 grid: "1280×720" and "1.25 Mb/s" need the width of half a panel. */}
      <dl className="grid grid-cols-3 gap-1.5 text-white">
        <Stat
          label={t('start.cockpit.viewers')}
          testId="cockpit-viewers"
          icon={<Eye aria-hidden className={icon} />}
          value={props.viewers}
        />
        <Stat
          label={t('start.cockpit.peak')}
          testId="cockpit-peak"
          icon={<TrendingUp aria-hidden className={icon} />}
          value={peak.current}
        />
        <Stat
          label={t('start.cockpit.liveFor')}
          testId="cockpit-elapsed"
          icon={<Clock aria-hidden className={icon} />}
          value={formatElapsed(seconds)}
        />
      </dl>
      <dl className="grid grid-cols-2 gap-1.5 text-white">
        <Stat
          label={t('start.cockpit.resolution')}
          testId="cockpit-resolution"
          icon={<Gauge aria-hidden className={icon} />}
          value={figures.resolution}
        />
        <Stat label={t('start.cockpit.fps')} testId="cockpit-fps" value={figures.fps} />
        <Stat label={t('start.cockpit.bitrate')} testId="cockpit-bitrate" value={figures.bitrate} />
        <Stat
          label={t('start.cockpit.loss')}
          testId="cockpit-loss"
          value={figures.loss}
          tone={figures.lossHigh ? 'text-live' : ''}
        />
      </dl>
      {struggling && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-400/15 px-3 py-2 text-xs text-amber-200"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('start.cockpit.struggling')}
        </p>
      )}
      {props.health === null && <p className="text-xs text-white/50">{t('start.cockpit.noHealth')}</p>}
      {props.creatorAddress && <BroadcastSwitches mint={props.mint} />}
      <CockpitTips mint={props.mint} />
      {props.creatorAddress && <CockpitTradeAlerts mint={props.mint} />}
      {props.creatorAddress && <CockpitClips mint={props.mint} />}
      {props.creatorAddress && <CockpitHolderChat mint={props.mint} />}
      {props.creatorAddress && props.overlays && <CockpitOverlays mint={props.mint} />}
      <div className="flex min-h-0 flex-1 flex-col">
        <ChatPanel mint={props.mint} creatorAddress={props.creatorAddress} />
      </div>
    </section>
  );
}
