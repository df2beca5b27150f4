import { isTokenAddress } from '@mintcast/contracts';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { ClipButton } from '../../features/clips/clip-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { useAdminStatusQuery } from '../../queries/admin-status.ts';
import {
  useDeleteRecordingMutation,
  useRecordingQuery,
  useReplayChatQuery,
} from '../../queries/recordings.ts';
import { useStreamQuery } from '../../queries/streams.ts';
import { formatDuration } from './price-series.ts';
import { ReplayChat } from './replay-chat.tsx';
import { ReplayPriceChart } from './replay-price-chart.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route `/replay/:id`: a past broadcast's video (seekable, HTTP Range) with its chat at the playhead. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const valid = Boolean(id && UUID.test(id));
  const recording = useRecordingQuery(valid ? id : undefined);
  if (!valid) return <InlineError message={t('replay.notFound')} />;
  if (recording.isPending) return <div className="aspect-video animate-pulse rounded-2xl bg-surface" />;
  if (recording.isError) {
    const status = recording.error instanceof ApiError ? recording.error.status : 0;
    const message =
      status === 410 ? t('replay.deleted') : status === 404 ? t('replay.notFound') : t('replay.loadFailed');
    return (
      <InlineError
        message={message}
        onRetry={status >= 500 || status === 0 ? () => void recording.refetch() : undefined}
      />
    );
  }
  return <Replay recording={recording.data} />;
}

function Replay({ recording: r }: { recording: NonNullable<ReturnType<typeof useRecordingQuery>['data']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stream = useStreamQuery(isTokenAddress(r.mint) ? r.mint : undefined);
  const chat = useReplayChatQuery(r.id);
  const [playheadMs, setPlayheadMs] = useState(0);
  const name = stream.data?.name ?? '';
  const me = useSession()?.user.address;
  const isAdmin = useAdminStatusQuery().data?.isAdmin === true;
  // The server decides (403 for anyone else); the button is offered to the stream's creator and to admins.
  const canDelete = Boolean(
    me && (isAdmin || (stream.data?.creator_address && stream.data.creator_address === me)),
  );
  const videoRef = useRef<HTMLVideoElement>(null);
  const onTime = (e: React.SyntheticEvent<HTMLVideoElement>) =>
    setPlayheadMs(Math.round(e.currentTarget.currentTime * 1000));
  const seekTo = (ms: number) => {
    if (videoRef.current) videoRef.current.currentTime = ms / 1000;
  };
  return (
    <div className="flex flex-col gap-5">
      <title>{t('replay.pageTitle', { name: name || t('replay.title') })}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            {name ? `${name} · ${t('replay.title')}` : t('replay.title')}
          </h1>
          <p className="text-sm text-muted">
            {t('replay.broadcastOf', { date: format.dateTime(new Date(r.startedAt)) })}
            {r.durationMs !== null && (
              <> · {t('replay.duration', { duration: formatDuration(r.durationMs) })}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={`/livestream/${r.mint}`}
            className="text-sm font-semibold underline-offset-4 hover:underline"
          >
            {t('replay.backToStream')}
          </Link>
          {stream.data && r.videoUrl && r.durationMs !== null && (
            <ClipButton
              stream={stream.data}
              source={{
                kind: 'replay',
                recordingId: r.id,
                durationMs: r.durationMs,
                playheadMs: () => Math.round((videoRef.current?.currentTime ?? 0) * 1000),
              }}
            />
          )}
          {canDelete && <DeleteReplay id={r.id} mint={r.mint} />}
        </div>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        {r.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: a recording of a live broadcast has no captions to offer
          <video
            ref={videoRef}
            src={r.videoUrl}
            controls
            playsInline
            preload="metadata"
            aria-label={t('replay.video')}
            data-testid="replay-video"
            className="aspect-video w-full rounded-2xl bg-black"
            onTimeUpdate={onTime}
            onSeeked={onTime}
          />
        ) : (
          <InlineError message={t('replay.notReady')} />
        )}
        <div className="lg:row-span-2 lg:h-[calc(100vh-12rem)]">
          <ReplayChat messages={chat.data?.items ?? []} playheadMs={playheadMs} />
        </div>
        {r.videoUrl && r.durationMs !== null && (
          <ReplayPriceChart id={r.id} durationMs={r.durationMs} playheadMs={playheadMs} onSeek={seekTo} />
        )}
      </div>
    </div>
  );
}

/** Delete for everyone, after a confirmation in place; then back to the stream's page. */
function DeleteReplay({ id, mint }: { id: string; mint: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteRecordingMutation(id, mint);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} className={buttonClass('secondary', 'sm')}>
        <Trash2 aria-hidden className="size-4" />
        {t('replay.delete')}
      </button>
    );
  return (
    <div role="alertdialog" aria-label={t('replay.delete')} className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-fg">{t('replay.deleteConfirm')}</p>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notify.success(t('replay.removed'));
              navigate(`/livestream/${mint}`);
            },
            onError: () => notify.error(t('replay.deleteFailed')),
          })
        }
        className={buttonClass('primary', 'sm', '!bg-down !text-white hover:!bg-down/85')}
      >
        {t('replay.deleteYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)} className={buttonClass('secondary', 'sm')}>
        {t('replay.deleteCancel')}
      </button>
    </div>
  );
}
