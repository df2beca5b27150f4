import { Bell, Menu, Radio, Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { markSeen, useUnseenCount } from '../../features/notifications/unseen-store.ts';
import { WalletButton } from '../../features/wallet/wallet-button.tsx';
import { SearchForm } from '../search-form.tsx';
import { buttonClass, iconButtonClass } from '../ui/button.ts';
import { Logo } from './logo.tsx';

interface Props {
  /** Desktop: the sidebar is a rail, so no menu button and no logo here. */
  desktop: boolean;
  /** md and up: the search box is always shown; below, it opens with a toggle. */
  wide: boolean;
  searchOpen: boolean;
  onToggleSearch: () => void;
  onCloseSearch: () => void;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

/** Top bar of spec §2: search, Start Streaming, the notifications bell and the wallet button. */
export function TopBar({
  desktop,
  wide,
  searchOpen,
  onToggleSearch,
  onCloseSearch,
  drawerOpen,
  onOpenDrawer,
}: Props) {
  const unseen = useUnseenCount();
  const { t } = useTranslation();
  const placeholder = t('shell.searchPlaceholder');
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/85 backdrop-blur-md">
      <div className="flex h-16 items-center gap-1 px-3 sm:gap-3 sm:px-6">
        {!desktop && (
          <>
            <button
              type="button"
              onClick={onOpenDrawer}
              aria-label={t('shell.openMenu')}
              aria-controls="app-sidebar"
              aria-expanded={drawerOpen}
              className={iconButtonClass('-ml-1 size-9 sm:size-10')}
            >
              <Menu className="size-5" />
            </button>
            {/* Below 640 px the row needs its width for the spec's controls: the logo lives in the drawer. */}
            <span className="hidden sm:block">
              <Logo />
            </span>
          </>
        )}

        {wide ? (
          <SearchForm placeholder={placeholder} label={t('shell.search')} className="max-w-xl" />
        ) : (
          <span className="flex-1" />
        )}
        {wide && <span className="flex-1" />}

        {!wide && (
          <button
            type="button"
            onClick={onToggleSearch}
            aria-label={t(searchOpen ? 'shell.closeSearch' : 'shell.openSearch')}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            className={iconButtonClass('size-9')}
          >
            {searchOpen ? <X className="size-5" /> : <Search className="size-5" />}
          </button>
        )}
        <Link
          to="/start-streaming"
          aria-label={t('shell.nav.startStreaming')}
          className={
            wide
              ? buttonClass('primary', 'md')
              : // Under 380 px a connected wallet needs the room; Start Streaming stays in the drawer and hero.
                iconButtonClass(
                  'size-9 bg-brand/10 text-brand hover:bg-brand/20 hover:text-brand max-[379px]:hidden',
                )
          }
        >
          <Radio className="size-4" aria-hidden />
          {wide && <span>{t('shell.nav.startStreaming')}</span>}
        </Link>
        <Link
          to="/notifications"
          aria-label={unseen > 0 ? t('shell.notificationsUnseen') : t('shell.notifications')}
          data-unseen={unseen}
          onClick={markSeen}
          className={iconButtonClass(`relative ${wide ? '' : 'size-9'}`)}
        >
          <Bell className="size-5" />
          {unseen > 0 && (
            <span
              data-testid="notifications-dot"
              aria-hidden
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-live ring-2 ring-surface"
            />
          )}
        </Link>
        <WalletButton className="shrink-0" />
      </div>

      {!wide && searchOpen && (
        <div id="mobile-search" className="border-t border-border px-3 py-3">
          <SearchForm placeholder={placeholder} label={t('shell.search')} onDone={onCloseSearch} autoFocus />
        </div>
      )}
    </header>
  );
}
