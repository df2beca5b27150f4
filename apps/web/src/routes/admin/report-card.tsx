import { clipPath, shortenAddress, type TReport } from '@mintcast/contracts';
import { Ban, EyeOff, Film, Flag, MessageSquare, Power, ShieldAlert, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import type { PendingAction } from './action-dialog.tsx';

function Badge({ tone, children }: { tone: 'live' | 'muted' | 'down' | 'warn'; children: React.ReactNode }) {
  const tones = {
    live: 'bg-live text-white',
    muted: 'bg-surface-2 text-muted',
    down: 'border border-down/40 text-down',
    warn: 'bg-warn/15 text-warn',
  };
  return (
    <span className={`rounded-md px-1.5 py-0.5 text-[10px] font-bold uppercase ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** One report in the queue: what was reported, in context, and the actions on it. */
export function ReportCard({
  report: r,
  onAction,
}: {
  report: TReport;
  onAction: (a: PendingAction) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const subject = r.message?.author ?? r.clip?.author ?? r.stream.creator_address;
  const aboutAuthor = Boolean(r.message || r.clip);
  const s = r.stream;
  const act = (a: PendingAction) => () => onAction(a);
  return (
    <li className="rounded-2xl border border-border bg-surface p-4 sm:p-5" data-testid="admin-report">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-down/15 px-2.5 py-1 text-xs font-semibold text-down">
          <Flag className="size-3.5" aria-hidden />
          {t(`moderation.reasons.${r.reason}`)}
        </span>
        <span className="text-muted">
          {r.kind === 'message'
            ? t('admin.messageReportedBy')
            : r.kind === 'clip'
              ? t('admin.clipReportedBy')
              : t('admin.streamReportedBy')}{' '}
          <span className="font-mono text-xs">{shortenAddress(r.reporter)}</span>
        </span>
        <time className="ml-auto text-xs text-muted" dateTime={r.created_at}>
          {fmt.dateTime(new Date(r.created_at))}
        </time>
      </div>
      {r.details && <p className="mt-2 text-sm text-fg/90">“{r.details}”</p>}

      <div className="mt-3 rounded-xl border border-border bg-surface-2/60 p-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/livestream/${s.mint}`} className="font-semibold hover:text-brand">
            {s.name} <span className="font-normal text-muted">${s.symbol}</span>
          </Link>
          {s.is_currently_live ? (
            <Badge tone="live">{t('admin.live')}</Badge>
          ) : (
            <Badge tone="muted">{t('admin.offline')}</Badge>
          )}
          {s.hidden && <Badge tone="warn">{t('admin.hidden')}</Badge>}
          {s.is_nsfw && <Badge tone="down">{t('moderation.nsfw')}</Badge>}
        </div>
        {r.clip && (
          <p className="mt-2 flex flex-wrap items-center gap-2 border-l-2 border-down/50 pl-3 text-sm">
            <Film className="size-4 shrink-0 text-muted" aria-hidden />
            {r.clip.removed ? (
              <span className="break-words">{r.clip.title}</span>
            ) : (
              <Link to={clipPath(r.clip.id)} className="break-words font-semibold hover:text-brand">
                {r.clip.title}
              </Link>
            )}
            <span className="font-mono text-xs text-muted">{shortenAddress(r.clip.author)}</span>
            {r.clip.removed && <Badge tone="muted">{t('admin.clipRemoved')}</Badge>}
          </p>
        )}
        {r.message && (
          <blockquote className="mt-2 flex gap-2 border-l-2 border-down/50 pl-3 text-sm">
            <MessageSquare className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
            <span className="min-w-0">
              <span className="font-mono text-xs text-muted">{shortenAddress(r.message.author)}</span>
              <span className="block break-words" data-testid="admin-report-message">
                {r.message.content}
              </span>
            </span>
          </blockquote>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {subject && !r.subjectBanned && (
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'text-down')}
            onClick={act({
              title: aboutAuthor ? t('admin.banAuthorTitle') : t('admin.banCreatorTitle'),
              subject,
              path: `/api/admin/wallets/${subject}/ban`,
              danger: true,
            })}
          >
            <Ban className="size-4" aria-hidden />
            {aboutAuthor ? t('admin.banAuthor') : t('admin.banCreator')}
          </button>
        )}
        {r.clip && !r.clip.removed && (
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'text-down')}
            onClick={act({
              title: t('admin.removeClipTitle'),
              subject: r.clip.title,
              path: `/api/admin/clips/${r.clip.id}/remove`,
              danger: true,
            })}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('admin.removeClip')}
          </button>
        )}
        {r.subjectBanned && (
          <Badge tone="down">{aboutAuthor ? t('admin.authorBanned') : t('admin.creatorBanned')}</Badge>
        )}
        {s.is_currently_live && (
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={act({
              title: t('admin.endTitle'),
              subject: s.mint,
              path: `/api/admin/streams/${s.mint}/end`,
              danger: true,
            })}
          >
            <Power className="size-4" aria-hidden />
            {t('admin.endStream')}
          </button>
        )}
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={act({
            title: s.hidden ? t('admin.showTitle') : t('admin.hideTitle'),
            subject: s.mint,
            path: `/api/admin/streams/${s.mint}/${s.hidden ? 'unhide' : 'hide'}`,
          })}
        >
          <EyeOff className="size-4" aria-hidden />
          {s.hidden ? t('admin.unhide') : t('admin.hide')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={act({
            title: s.is_nsfw ? t('admin.unmarkNsfwTitle') : t('admin.markNsfwTitle'),
            subject: s.mint,
            path: `/api/admin/streams/${s.mint}/nsfw`,
            extra: { nsfw: !s.is_nsfw },
          })}
        >
          <ShieldAlert className="size-4" aria-hidden />
          {s.is_nsfw ? t('admin.unmarkNsfw') : t('admin.markNsfw')}
        </button>
        {!r.resolved_at && (
          <button
            type="button"
            className={buttonClass('ghost', 'sm', 'ml-auto')}
            onClick={act({
              title: t('admin.dismissTitle'),
              subject: t('admin.reportSubject', { id: r.id }),
              path: `/api/admin/reports/${r.id}/dismiss`,
            })}
          >
            {t('admin.dismiss')}
          </button>
        )}
      </div>
    </li>
  );
}
