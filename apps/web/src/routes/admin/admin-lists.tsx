import { shortenAddress, type TAuditEntry, type TPlatformBan } from '@mintcast/contracts';
import { History, UserX } from 'lucide-react';
import type { PendingAction } from './action-dialog.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

const ACTION_LABELS: Record<TAuditEntry['action'], string> = {
  end_stream: 'Ended stream',
  hide_stream: 'Hid stream',
  unhide_stream: 'Unhid stream',
  mark_nsfw: 'Marked NSFW',
  unmark_nsfw: 'Removed NSFW',
  ban_wallet: 'Banned wallet',
  unban_wallet: 'Unbanned wallet',
  dismiss_report: 'Dismissed report',
};

function Panel({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-border bg-surface">
      <h2 className="flex items-center gap-2 border-b border-border px-4 py-3 text-sm font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Wallets banned site-wide, each with Unban. */
export function BansPanel({
  bans,
  onAction,
}: {
  bans: TPlatformBan[];
  onAction: (a: PendingAction) => void;
}) {
  return (
    <Panel
      icon={<UserX className="size-4 text-down" aria-hidden />}
      title={`Banned wallets (${bans.length})`}
    >
      <ul className="divide-y divide-border" data-testid="admin-bans">
        {bans.map((b) => (
          <li key={b.address} className="flex items-center gap-3 px-4 py-2.5 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-xs" title={b.address}>
                {shortenAddress(b.address)}
              </p>
              <p className="truncate text-xs text-muted">{b.reason}</p>
            </div>
            <button
              type="button"
              className="rounded-md px-2 py-1 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg"
              onClick={() =>
                onAction({
                  title: 'Lift the site-wide ban',
                  subject: b.address,
                  path: `/api/admin/wallets/${b.address}/unban`,
                })
              }
            >
              Unban
            </button>
          </li>
        ))}
        {bans.length === 0 && <li className="px-4 py-3 text-sm text-muted">No wallet is banned.</li>}
      </ul>
    </Panel>
  );
}

/** Every admin action: who, what, when, why. */
export function AuditPanel({ entries }: { entries: TAuditEntry[] }) {
  return (
    <Panel icon={<History className="size-4 text-brand" aria-hidden />} title="Audit log">
      <ol className="max-h-[32rem] divide-y divide-border overflow-y-auto" data-testid="admin-audit">
        {entries.map((e) => (
          <li key={e.id} className="px-4 py-2.5 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium">{ACTION_LABELS[e.action]}</span>
              <time className="shrink-0 text-xs text-muted" dateTime={e.created_at}>
                {when.format(new Date(e.created_at))}
              </time>
            </div>
            <p className="truncate font-mono text-xs text-muted" title={e.target}>
              {e.target}
            </p>
            <p className="text-xs">
              <span className="text-muted">by {shortenAddress(e.admin)} · </span>
              {e.reason}
            </p>
          </li>
        ))}
        {entries.length === 0 && <li className="px-4 py-3 text-sm text-muted">Nothing yet.</li>}
      </ol>
    </Panel>
  );
}
