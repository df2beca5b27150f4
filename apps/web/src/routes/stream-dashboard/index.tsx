import { isTokenAddress } from '@mintcast/contracts';
import { ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { useStreamStatusPush } from '../../features/live/use-stream-status-push.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useIngestQuery } from '../../queries/ingest.ts';
import { useStreamQuery } from '../../queries/streams.ts';
import { InvalidStream, StreamNotFound } from '../livestream/stream-states.tsx';
import { ConnectPrompt } from '../start-streaming/connect-prompt.tsx';
import { IngestSettings } from './ingest-settings.tsx';

/**
 * Route /dashboard/:mint — the creator's page for a stream broadcast from OBS: the WHIP server URL and stream
 * key (copy, reveal, regenerate), and whether the stream is live (pushed as it changes).
 */
export function Component() {
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

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold tracking-wider text-brand uppercase">Stream dashboard</p>
          <h1 className="truncate text-2xl font-bold text-fg">{stream.data?.name ?? '…'}</h1>
        </div>
        <div className="flex items-center gap-3">
          <span data-testid="ingest-state" className="flex items-center gap-2 text-sm text-muted">
            {live ? <LiveBadge /> : 'Offline — waiting for your streaming software'}
          </span>
          <Link to={`/livestream/${mint}`} className={buttonClass('secondary', 'md')}>
            <ExternalLink aria-hidden className="size-4" />
            View stream
          </Link>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <IngestSettings mint={mint} info={ingest.data} error={ingest.error} />
        {/*
          Cockpit mount point (issue 15, deliverable 2): the chat panel, viewers now/peak, elapsed time and the
          ingest's health from features/cockpit go here, fed by this stream's mint.
        */}
        <section data-testid="cockpit-slot" aria-label="Cockpit" className="min-h-0" />
      </div>
    </div>
  );
}
