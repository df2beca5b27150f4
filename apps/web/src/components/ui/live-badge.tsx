import { useTranslation } from 'react-i18next';
/** The red "LIVE" marker of spec §2; `size="xs"` is the one pinned to a token avatar. */
export function LiveBadge({ size = 'sm', className = '' }: { size?: 'xs' | 'sm'; className?: string }) {
  const { t } = useTranslation();
  const dims =
    size === 'xs'
      ? 'h-4 gap-0.5 px-0.5 text-[8px] tracking-normal'
      : 'h-6 gap-1.5 px-2 text-[11px] tracking-wider';
  return (
    <span
      data-testid="live-badge"
      className={`inline-flex items-center whitespace-nowrap rounded-md bg-live-strong font-bold text-white shadow-sm shadow-black/30 ${dims} ${className}`}
    >
      <span className={`live-dot rounded-full bg-white ${size === 'xs' ? 'size-1' : 'size-1.5'}`} />
      {t('common.live')}
    </span>
  );
}
