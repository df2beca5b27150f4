import { shortenAddress, type TAuditEntry, type TPlatformBan } from '@mintcast/contracts';
import { History, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format.ts';
import type { PendingAction } from './action-dialog.tsx';

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
  const { t } = useTranslation();
  return (
    <Panel
      icon={<UserX className="size-4 text-down" aria-hidden />}
      title={t('admin.bannedWallets', { count: bans.length })}
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
                  title: t('admin.liftBan'),
                  subject: b.address,
                  path: `/api/admin/wallets/${b.address}/unban`,
                })
              }
            >
              {t('admin.unban')}
            </button>
          </li>
        ))}
        {bans.length === 0 && <li className="px-4 py-3 text-sm text-muted">{t('admin.noBans')}</li>}
      </ul>
    </Panel>
  );
}

/** Every admin action: who, what, when, why. */
export function AuditPanel({ entries }: { entries: TAuditEntry[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Panel icon={<History className="size-4 text-brand" aria-hidden />} title={t('admin.audit')}>
      <ol className="max-h-[32rem] divide-y divide-border overflow-y-auto" data-testid="admin-audit">
        {entries.map((e) => (
          <li key={e.id} className="px-4 py-2.5 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium">{t(`admin.actions.${e.action}`)}</span>
              <time className="shrink-0 text-xs text-muted" dateTime={e.created_at}>
                {fmt.dateTime(new Date(e.created_at))}
              </time>
            </div>
            <p className="truncate font-mono text-xs text-muted" title={e.target}>
              {e.target}
            </p>
            <p className="text-xs">
              <span className="text-muted">{t('admin.by', { admin: shortenAddress(e.admin) })}</span>
              {e.reason}
            </p>
          </li>
        ))}
        {entries.length === 0 && <li className="px-4 py-3 text-sm text-muted">{t('admin.nothingYet')}</li>}
      </ol>
    </Panel>
  );
}
