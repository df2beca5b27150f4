import { formatElapsed } from '@mintcast/contracts';
import { Clock, Gift, MessageCircle, PlayCircle, Radio, Rocket, TrendingUp, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEther } from 'viem';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { useStreamRecordingsQuery } from '../../queries/recordings.ts';
import { useStreamRecapQuery } from '../../queries/streams.ts';

function Figure(props: { label: string; value: ReactNode; icon: ReactNode; testId: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface-2 p-4">
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted uppercase">
        {props.icon}
        {props.label}
      </dt>
      <dd data-testid={props.testId} className="mt-1 font-mono text-2xl font-bold text-fg tabular-nums">
        {props.value}
      </dd>
    </div>
  );
}

/**
 * After End Stream: what the broadcast did, as the server counted it (its length, peak viewers, new followers,
 * tips and chat messages, and where a raid sent its audience), and the ways on: start again, or the stream's page.
 */
export function StreamRecap(props: { mint: string; title: string; onStartAgain: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const recap = useStreamRecapQuery(props.mint);
  // The broadcast's replay (when it was recorded): offered as soon as the media server has finished the file.
  const replay = useStreamRecordingsQuery(props.mint, { untilReady: true }).data?.items[0];
  const r = recap.data;
  const icon = 'size-3.5';
  const pending = recap.isPending ? '…' : '—';
  return (
    <section
      aria-labelledby="recap-title"
      data-testid="stream-recap"
      className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14"
    >
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/20 sm:p-8">
        <p className="text-xs font-semibold tracking-wider text-brand uppercase">{t('start.recap.kicker')}</p>
        <h1 id="recap-title" className="mt-1 text-2xl font-bold text-fg">
          {t('start.recap.title')}
        </h1>
        <p className="mt-1 truncate text-sm text-muted">{props.title}</p>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure
            label={t('start.recap.duration')}
            testId="recap-duration"
            icon={<Clock aria-hidden className={icon} />}
            value={r ? formatElapsed(r.durationSeconds) : pending}
          />
          <Figure
            label={t('start.recap.peak')}
            testId="recap-peak"
            icon={<TrendingUp aria-hidden className={icon} />}
            value={r ? fmt.integer(r.peakViewers) : pending}
          />
          <Figure
            label={t('start.recap.followers')}
            testId="recap-followers"
            icon={<UserPlus aria-hidden className={icon} />}
            value={r ? fmt.integer(r.newFollowers) : pending}
          />
          <Figure
            label={t('start.recap.tips')}
            testId="recap-tips"
            icon={<Gift aria-hidden className={icon} />}
            value={r ? fmt.integer(r.tips) : pending}
          />
          <Figure
            label={t('start.recap.tipped')}
            testId="recap-tipped"
            icon={<Gift aria-hidden className={icon} />}
            value={r ? `${fmt.decimal(Number(formatEther(BigInt(r.tipsWei))))} BNB` : pending}
          />
          <Figure
            label={t('start.recap.messages')}
            testId="recap-messages"
            icon={<MessageCircle aria-hidden className={icon} />}
            value={r ? fmt.integer(r.chatMessages) : pending}
          />
        </dl>
        {r?.raid && (
          <p
            data-testid="recap-raid"
            className="mt-3 flex items-center gap-2 rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm font-medium text-fg"
          >
            <Rocket aria-hidden className="size-4 shrink-0 text-brand" />
            <Link to={`/livestream/${r.raid.to}`} className="min-w-0 break-words hover:underline">
              {t('start.recap.raided', { name: r.raid.name, count: r.raid.viewers })}
            </Link>
          </p>
        )}
        {recap.isError && (
          <p role="alert" className="mt-4 text-sm text-down">
            {t('start.recap.failed')}
          </p>
        )}
        {/* Stacked at full width: side by side, the longer labels (es/fr) overflow the card. */}
        <div className="mt-6 grid gap-2">
          <button
            type="button"
            onClick={props.onStartAgain}
            className={buttonClass('primary', 'lg', 'w-full')}
          >
            <Radio className="size-4" aria-hidden />
            {t('start.recap.again')}
          </button>
          {replay?.status === 'ready' ? (
            <Link to={`/replay/${replay.id}`} className={buttonClass('secondary', 'lg', 'w-full')}>
              <PlayCircle className="size-4" aria-hidden />
              {t('start.recap.replay')}
            </Link>
          ) : replay?.status === 'recording' ? (
            <p className="text-center text-sm text-muted" data-testid="recap-replay-pending">
              {t('start.recap.replayPending')}
            </p>
          ) : null}
          <Link to={`/livestream/${props.mint}`} className={buttonClass('secondary', 'lg', 'w-full')}>
            {t('start.recap.streamPage')}
          </Link>
        </div>
      </div>
    </section>
  );
}
