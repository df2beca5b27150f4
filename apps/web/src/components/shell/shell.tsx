import { useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useGoLiveNotifications } from '../../features/notifications/use-go-live-notifications.ts';
import { updateSettings, useSettings } from '../../lib/settings.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from './use-media-query.ts';

/** Shell layout of spec §2: sidebar (rail ≥ 1024 px, drawer below), top bar and the routed content. */
export function Shell() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  const { sidebarCollapsed } = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useGoLiveNotifications();

  // A navigation (link, back button, search) always closes the drawer and the mobile search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose for every location change.
  useEffect(() => {
    setDrawerOpen(false);
    setSearchOpen(false);
  }, [location.key]);

  // Growing past the drawer breakpoint while it is open must not leave the page locked.
  useEffect(() => {
    if (desktop) setDrawerOpen(false);
  }, [desktop]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawerOpen(false);
    };
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
  }, [drawerOpen]);

  const collapsed = desktop && sidebarCollapsed;
  return (
    <div className="flex min-h-screen">
      {/* The rail's column stretches with the page, so its background and border run full height. */}
      <div
        className={
          desktop
            ? `shrink-0 border-r border-border bg-surface transition-[width] duration-200 ${collapsed ? 'w-[76px]' : 'w-64'}`
            : 'contents'
        }
      >
        <Sidebar
          variant={desktop ? 'rail' : 'drawer'}
          collapsed={collapsed}
          open={drawerOpen}
          onToggleCollapsed={() => updateSettings({ sidebarCollapsed: !sidebarCollapsed })}
          onClose={closeDrawer}
        />
      </div>
      {!desktop && drawerOpen && (
        <div
          data-testid="drawer-overlay"
          aria-hidden
          onClick={closeDrawer}
          className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          desktop={desktop}
          wide={wide}
          searchOpen={searchOpen}
          onToggleSearch={() => setSearchOpen((v) => !v)}
          onCloseSearch={() => setSearchOpen(false)}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        <main className="mx-auto w-full max-w-[1600px] flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
