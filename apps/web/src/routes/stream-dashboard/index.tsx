import { isTokenAddress } from '@mintcast/contracts';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { Cockpit } from '../../features/cockpit/cockpit.tsx';
import { CockpitOverlays } from '../../features/cockpit/cockpit-overlays.tsx';
import { useStreamStatusPush } from '../../features/live/use-stream-status-push.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useIngestQuery } from '../../queries/ingest.ts';
import { useStreamQuery } from '../../queries/streams.ts';
import { InvalidStream, StreamNotFound } from '../livestream/stream-states.tsx';
import { ConnectPrompt } from '../start-streaming/connect-prompt.tsx';
import { AnnounceSettings } from './announce-settings.tsx';
import { DashboardEnd } from './dashboard-end.tsx';
import { IngestSettings } from './ingest-settings.tsx';
import { ingressStatusMessage } from './ingress-status.ts';
import { ScheduleForm } from './schedule-form.tsx';
import { useIngestHealth } from './use-ingest-health.ts';
import { WebhookSettings } from './webhook-settings.tsx';

/**
 * Route /dashboard/:mint — the creator's page for a stream broadcast from OBS: the WHIP server URL and stream
 * key (copy, reveal, regenerate), whether the stream is live (pushed as it changes), and the broadcaster's
 * cockpit: viewers, time live, tips, chat with the creator's tools, and the ingest's health from the media server
 * (or, with an external LiveKit, from its Ingress, with the ingress's status). While live, End Stream ends it, with
 * the browser broadcaster's raid choice.
 */
export function Component() {
  const { t } = useTranslation();
  const { mint } = useParams();
  const valid = mint !== undefined && isTokenAddress(mint);
  const address = useSession()?.user.address ?? null;
  const stream = useStreamQuery(valid ? mint : undefined);
  const ingest = useIngestQuery(valid && address ? mint : undefined);
  useStreamStatusPush(valid ? mint : undefined);

  if (!valid) return <InvalidStream />;
  if (!address) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <ConnectPrompt />
      </div>
    );
  }
  if (stream.data === null) return <StreamNotFound />;
  const live = stream.data?.is_currently_live === true;
  const liveSince = stream.data?.live_since ? Date.parse(stream.data.live_since) : null;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold tracking-wider text-brand uppercase">
            {t('start.dashboard.title')}
          </p>
          <h1 className="truncate text-2xl font-bold text-fg">{stream.data?.name ?? '…'}</h1>
        </div>
        <div className="flex items-center gap-3">
          <span data-testid="ingest-state" className="flex items-center gap-2 text-sm text-muted">
            {live ? <LiveBadge /> : t('start.dashboard.offline')}
          </span>
          {live && <DashboardEnd mint={mint} />}
          <Link to={`/livestream/${mint}`} className={buttonClass('secondary', 'md')}>
            <ExternalLink aria-hidden className="size-4" />
            {t('start.dashboard.viewStream')}
          </Link>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <IngestSettings mint={mint} info={ingest.data} error={ingest.error} />
        <DashboardCockpit
          mint={mint}
          creator={address}
          live={live}
          viewers={stream.data?.num_participants ?? 0}
          startedAt={live ? liveSince : null}
          watchIngress={ingest.data?.mode === 'livekit' && ingest.data.hasKey}
        />
      </div>
      {/* OBS overlays (issue 34): dark like the cockpit, whichever the theme. */}
      <div className="rounded-2xl border border-border bg-neutral-950 p-3">
        <CockpitOverlays mint={mint} />
      </div>
      <ScheduleForm mint={mint} creator={address} />
      <AnnounceSettings mint={mint} />
      <WebhookSettings />
    </div>
  );
}

/** The broadcaster's cockpit, with the health the media server measures on what the software sends. */
function DashboardCockpit(props: {
  mint: string;
  creator: string;
  live: boolean;
  viewers: number;
  startedAt: number | null;
  /** A LiveKit Ingress exists: show its status, offline too. */
  watchIngress: boolean;
}) {
  const { t } = useTranslation();
  const health = useIngestHealth(props.mint, props.live, props.watchIngress);
  const ingress = health.ingress ? ingressStatusMessage(health.ingress) : null;
  return (
    <div
      data-testid="dashboard-cockpit"
      className="flex h-[640px] max-h-[80vh] min-h-0 flex-col gap-2 rounded-2xl border border-border bg-neutral-950 p-4 shadow-xl shadow-black/20"
    >
      {health.failed && (
        <p role="status" className="text-xs text-amber-200">
          {t('start.dashboard.healthFailed')}
        </p>
      )}
      {ingress && (
        <p
          role="status"
          data-testid="ingress-status"
          className={`text-xs ${health.ingress?.status === 'error' ? 'text-amber-200' : 'text-white/60'}`}
        >
          {t(ingress.key, { error: ingress.error ?? '' })}
        </p>
      )}
      <Cockpit
        mint={props.mint}
        creatorAddress={props.creator}
        viewers={props.viewers}
        startedAt={props.startedAt}
        health={health.source}
        className="flex-1"
      />
    </div>
  );
}
