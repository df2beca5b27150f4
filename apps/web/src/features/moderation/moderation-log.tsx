import { shortenAddress, type TModerationLogEntry } from '@mintcast/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format.ts';
import { useModerationLogQuery } from '../../queries/moderation.ts';

function Entry({ entry }: { entry: TModerationLogEntry }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const target = entry.target ? shortenAddress(entry.target) : '';
  return (
    <li className="py-1.5 text-xs" data-testid="moderation-log-entry" data-action={entry.action}>
      <div className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1">
          <span className="font-mono" title={entry.actor}>
            {shortenAddress(entry.actor)}
          </span>{' '}
          {t(`moderation.logActions.${entry.action}`, { target })}
        </span>
        <time className="shrink-0 text-muted" dateTime={entry.created_at}>
          {fmt.time(new Date(entry.created_at))}
        </time>
      </div>
      {entry.detail && (
        <p className="mt-0.5 truncate text-muted" title={entry.detail}>
          {entry.detail}
        </p>
      )}
    </li>
  );
}

/** Who did what, when, to whom in this chat, newest first (the creator's; admins read it through the API). */
export function ModerationLog({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const log = useModerationLogQuery(mint);
  const items = log.data?.items ?? [];
  if (log.isPending) return <p className="text-xs text-muted">{t('moderation.logLoading')}</p>;
  if (items.length === 0) return <p className="text-xs text-muted">{t('moderation.logEmpty')}</p>;
  return (
    <ol className="max-h-64 divide-y divide-border overflow-y-auto" data-testid="moderation-log">
      {items.map((e) => (
        <Entry key={e.id} entry={e} />
      ))}
    </ol>
  );
}
