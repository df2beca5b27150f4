import { Inbox, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ConnectPrompt } from '../../features/wallet/connect-prompt.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { useAuditQuery, useBansQuery, useReportsQuery } from '../../queries/admin.ts';
import { useAdminStatusQuery } from '../../queries/admin-status.ts';
import { ActionDialog, type PendingAction } from './action-dialog.tsx';
import { AuditPanel, BansPanel } from './admin-lists.tsx';
import { ReportCard } from './report-card.tsx';

/** Route `/admin`: the report queue, banned wallets and the audit log, for `ADMIN_ADDRESSES` only. */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useAdminStatusQuery();
  const isAdmin = status.data?.isAdmin === true;
  const [filter, setFilter] = useState<'open' | 'all'>('open');
  const reports = useReportsQuery(filter, isAdmin);
  const bans = useBansQuery(isAdmin);
  const audit = useAuditQuery(isAdmin);
  const [pending, setPending] = useState<PendingAction | null>(null);

  if (!session) return <ConnectPrompt text={t('admin.connect')} />;
  if (status.isPending)
    return (
      <Loader2 className="mx-auto mt-20 size-6 animate-spin text-muted" aria-label={t('admin.loading')} />
    );
  if (!isAdmin)
    return <EmptyState icon={ShieldCheck} title={t('admin.onlyTitle')} text={t('admin.onlyText')} />;

  const items = reports.data?.items ?? [];
  return (
    <div className="flex flex-col gap-6">
      <title>{t('admin.pageTitle')}</title>
      <header>
        <h1 className="flex items-center gap-2.5 text-3xl font-bold tracking-tight">
          <ShieldCheck className="size-7 text-brand" aria-hidden />
          {t('admin.title')}
        </h1>
        <p className="mt-1 text-muted">{t('admin.subtitle')}</p>
      </header>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_380px]">
        <section className="flex min-w-0 flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">
              {t('admin.reports')} <span className="text-muted">({items.length})</span>
            </h2>
            <div className="flex rounded-lg border border-border bg-surface p-0.5 text-sm" role="tablist">
              {(['open', 'all'] as const).map((f) => (
                <button
                  key={f}
                  type="button"
                  role="tab"
                  aria-selected={filter === f}
                  onClick={() => setFilter(f)}
                  className={`rounded-md px-3 py-1 ${filter === f ? 'bg-surface-2 font-semibold text-fg' : 'text-muted'}`}
                >
                  {f === 'open' ? t('admin.open') : t('admin.all')}
                </button>
              ))}
            </div>
          </div>
          {reports.isPending ? (
            <Loader2
              className="mx-auto mt-10 size-6 animate-spin text-muted"
              aria-label={t('admin.loadingReports')}
            />
          ) : items.length === 0 ? (
            <EmptyState icon={Inbox} title={t('admin.noReports')} text={t('admin.noReportsText')} />
          ) : (
            <ul className="flex flex-col gap-3">
              {items.map((r) => (
                <ReportCard key={r.id} report={r} onAction={setPending} />
              ))}
            </ul>
          )}
        </section>
        <aside className="flex flex-col gap-6">
          <BansPanel bans={bans.data?.items ?? []} onAction={setPending} />
          <AuditPanel entries={audit.data?.items ?? []} />
        </aside>
      </div>
      {pending && <ActionDialog action={pending} onClose={() => setPending(null)} />}
    </div>
  );
}
