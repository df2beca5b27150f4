import { shortenAddress, type TNotification } from '@mintcast/contracts';
import { Bell, CalendarClock, Flag, Gift, Radio, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEther } from 'viem';
import { buttonClass } from '../../components/ui/button.ts';
import { InlineError } from '../../components/ui/inline-error.tsx';
import { LiveBadge } from '../../components/ui/live-badge.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { markSeen } from '../../features/notifications/unseen-store.ts';
import { ConnectPrompt } from '../../features/wallet/connect-prompt.tsx';
import { useFormat } from '../../lib/i18n/format.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { useNotificationsQuery } from '../../queries/notifications.ts';

const ICONS = { live: Radio, tip: Gift, report: Flag, scheduled: CalendarClock } as const;
const ICON_TONE = {
  live: 'bg-live/15 text-live',
  tip: 'bg-warn/15 text-warn',
  report: 'bg-brand/15 text-brand',
  scheduled: 'bg-brand/15 text-brand',
};

/** Route `/notifications`, the bell's page (issue 29): what went live, tips received, reports handled. */
export function Component() {
  const { t } = useTranslation();
  const address = useSession()?.user.address ?? null;
  const list = useNotificationsQuery(address);
  // Opening the list is looking at the go-live toasts the bell's dot stood for.
  useEffect(() => markSeen(), []);
  const items = list.data?.items ?? [];
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle icon={Bell} title={t('inbox.title')} subtitle={t('inbox.subtitle')} />
        </div>
        <Link to="/settings" className={buttonClass('secondary', 'sm')}>
          <Settings aria-hidden className="size-4" />
          {t('inbox.settings')}
        </Link>
      </header>
      {!address ? (
        <ConnectPrompt icon={Bell} text={t('inbox.connect')} />
      ) : list.isError ? (
        <InlineError message={t('inbox.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="h-48 animate-pulse rounded-2xl bg-surface" />
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-6 text-center text-sm text-muted">
          {t('inbox.empty')}
        </p>
      ) : (
        <ul
          data-testid="notification-list"
          className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface"
        >
          {items.map((n) => (
            <NotificationRow key={`${n.kind}-${n.mint}-${n.at}`} n={n} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationRow({ n }: { n: TNotification }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const Icon = ICONS[n.kind];
  const text =
    n.kind === 'live'
      ? t('inbox.live', { name: n.name, symbol: n.symbol })
      : n.kind === 'tip'
        ? t('inbox.tip', {
            from: n.username ?? shortenAddress(n.from_address),
            amount: fmt.decimal(Number(formatEther(BigInt(n.amount_wei)))),
            name: n.name,
          })
        : n.kind === 'report'
          ? t('inbox.report', {
              name: n.name,
              reason: t(`moderation.reasons.${n.reason as 'other'}`, { defaultValue: n.reason }),
            })
          : t('schedule.inbox', {
              title: n.title,
              name: n.name,
              symbol: n.symbol,
              time: fmt.time(new Date(n.starts_at)),
            });
  return (
    <li>
      <Link
        to={`/livestream/${n.mint}`}
        data-testid={`notification-${n.kind}`}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-2"
      >
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${ICON_TONE[n.kind]}`}
        >
          <Icon aria-hidden className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm text-fg">{text}</span>
          <time dateTime={n.at} className="text-xs text-muted">
            {fmt.dateTime(new Date(n.at))}
          </time>
        </span>
        {(n.kind === 'live' || n.kind === 'scheduled') && n.live ? <LiveBadge /> : null}
      </Link>
    </li>
  );
}
