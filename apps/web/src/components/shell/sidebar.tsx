import { LayoutDashboard, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMyStreams } from '../../features/creator/use-my-streams.ts';
import { WalletButton } from '../../features/wallet/wallet-button.tsx';
import { useAdminStatusQuery } from '../../queries/admin-status.ts';
import { iconButtonClass } from '../ui/button.ts';
import { Logo } from './logo.tsx';
import { NAV_GROUPS } from './nav-items.ts';

interface Props {
  /** `rail`: fixed on desktop, can be collapsed to icons. `drawer`: slides in on small screens. */
  variant: 'rail' | 'drawer';
  collapsed: boolean;
  open: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
}

/** The sidebar of spec §2: groups of links, the wallet button and a copyright line. */
export function Sidebar({ variant, collapsed, open, onToggleCollapsed, onClose }: Props) {
  const { t } = useTranslation();
  const drawer = variant === 'drawer';
  const compact = !drawer && collapsed;
  const hidden = drawer && !open;
  const isAdmin = useAdminStatusQuery().data?.isAdmin === true;
  // While the wallet has a stream, its dashboard (OBS key, cockpit) is one click away (issue 29).
  const { dashboardPath } = useMyStreams();
  const groups = NAV_GROUPS.map((g) => ({
    ...g,
    items: [
      ...g.items.filter((item) => !item.adminOnly || isAdmin),
      ...(g.title === 'create' && dashboardPath
        ? [{ to: dashboardPath, label: 'dashboard' as const, icon: LayoutDashboard }]
        : []),
    ],
  }));
  return (
    <aside
      id="app-sidebar"
      aria-label={t('shell.sidebar')}
      inert={hidden}
      data-state={drawer ? (open ? 'open' : 'closed') : compact ? 'collapsed' : 'expanded'}
      className={
        drawer
          ? `fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-surface shadow-2xl shadow-black/50 transition-transform duration-200 ease-out ${
              open ? 'translate-x-0' : '-translate-x-full'
            }`
          : 'sticky top-0 flex h-screen w-full flex-col'
      }
    >
      <div
        className={`flex h-16 shrink-0 items-center border-b border-border ${compact ? 'justify-center' : 'justify-between px-4'}`}
      >
        {!compact && <Logo onClick={drawer ? onClose : undefined} />}
        {drawer ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('shell.closeMenu')}
            className={iconButtonClass()}
          >
            <X className="size-5" />
          </button>
        ) : (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={t(compact ? 'shell.expand' : 'shell.collapse')}
            aria-expanded={!compact}
            className={iconButtonClass()}
          >
            {compact ? <PanelLeftOpen className="size-5" /> : <PanelLeftClose className="size-5" />}
          </button>
        )}
      </div>

      <nav aria-label={t('shell.mainNav')} className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
        {groups.map((group) => (
          <div key={group.title} className="mb-5 last:mb-0">
            {compact ? (
              <div className="mx-3 mb-2 h-px bg-border first:hidden" aria-hidden />
            ) : (
              <p className="mb-1.5 px-3 text-[11px] font-semibold tracking-widest text-muted uppercase">
                {t(`shell.group.${group.title}`)}
              </p>
            )}
            <ul className="space-y-0.5">
              {group.items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === '/'}
                    onClick={drawer ? onClose : undefined}
                    title={compact ? t(`shell.nav.${label}`) : undefined}
                    className={({ isActive }) =>
                      `flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
                        compact ? 'justify-center' : 'px-3'
                      } ${isActive ? 'bg-brand/10 text-brand' : 'text-muted hover:bg-surface-2 hover:text-fg'}`
                    }
                  >
                    <Icon className="size-[18px] shrink-0" aria-hidden />
                    <span className={compact ? 'sr-only' : 'truncate'}>{t(`shell.nav.${label}`)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      {!compact && (
        <div className="shrink-0 space-y-3 border-t border-border p-4">
          <WalletButton className="w-full" />
          <p className="text-center text-xs text-muted">
            {t('shell.copyright', { year: new Date().getFullYear() })}
          </p>
        </div>
      )}
    </aside>
  );
}
