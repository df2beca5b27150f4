import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Mintcast mark (a minted coin with a recording dot) and, unless `markOnly`, the wordmark. */
export function Logo({ markOnly = false, onClick }: { markOnly?: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      onClick={onClick}
      aria-label={t('shell.logo')}
      className="flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="9" className="fill-surface-2" />
        <circle cx="16" cy="16" r="9" fill="none" strokeWidth="3" className="stroke-brand" />
        <circle cx="16" cy="16" r="3.5" className="fill-live" />
      </svg>
      {!markOnly && (
        <span className="text-lg font-bold tracking-tight">
          Mint<span className="text-brand">cast</span>
        </span>
      )}
    </Link>
  );
}
