import type { TChatMessage, TRaidLine } from '@mintcast/contracts';
import { Rocket, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/i18n/format.ts';

/**
 * A raid line (issue 35 item 4): another stream's creator ended their broadcast and sent their audience here.
 * A system line, in the viewer's language, linking to the stream it came from; only the host's delete applies.
 */
export function RaidLineItem({
  message,
  raid,
  onDelete,
}: {
  message: TChatMessage;
  raid: TRaidLine;
  onDelete: ((message: TChatMessage) => void) | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <li
      className="group relative my-1 flex items-start gap-2 rounded-lg border border-brand/40 bg-brand/10 px-2.5 py-1.5 text-fg"
      data-testid="raid-line"
    >
      <Rocket className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold leading-snug">
          {t('raid.line', { by: raid.by, count: raid.viewers })}
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5 text-[11px]">
          <Link to={`/livestream/${raid.from}`} className="truncate text-muted hover:text-fg hover:underline">
            {t('raid.lineFrom', { name: raid.name, symbol: `$${raid.symbol}` })}
          </Link>
          <time className="ml-auto text-muted" dateTime={message.created_at}>
            {fmt.time(new Date(message.created_at))}
          </time>
        </div>
      </div>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(message)}
          className="absolute top-1 right-1 hidden rounded p-1 text-muted hover:bg-down/15 hover:text-down group-focus-within:block group-hover:block"
          title={t('chat.deleteMessage')}
          aria-label={t('chat.deleteMessage')}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      )}
    </li>
  );
}
