import { shortenAddress, type TTipLeader } from '@mintcast/contracts';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { useTipLeaderboardQuery } from '../../queries/tips.ts';

type Scope = 'broadcast' | 'allTime';

/** The stream's top tippers (issue 34): this broadcast or all time, a tip moving it as it lands. */
export function TipLeaderboard({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const board = useTipLeaderboardQuery(mint).data;
  const [chosen, setScope] = useState<Scope | null>(null);
  if (!board) return null;
  // This broadcast first, unless it has no tips yet (or the stream never went live) and earlier ones do.
  const scope =
    chosen ?? (board.broadcast.length === 0 && board.allTime.length > 0 ? 'allTime' : 'broadcast');
  const leaders: TTipLeader[] = board[scope];
  return (
    <div className="mt-4 border-t border-border pt-4" data-testid="tip-leaderboard">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          <Trophy aria-hidden className="size-4 text-warn" />
          {t('trade.leaderboard.title')}
        </h3>
        <fieldset className="flex rounded-lg bg-surface-2 p-0.5">
          <legend className="sr-only">{t('trade.leaderboard.title')}</legend>
          {(['broadcast', 'allTime'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={scope === s}
              onClick={() => setScope(s)}
              className={`rounded-md px-2 py-1 text-xs font-medium ${
                scope === s ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg'
              }`}
            >
              {t(`trade.leaderboard.${s}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {leaders.length === 0 ? (
        <p className="text-xs text-muted">{t('trade.leaderboard.empty')}</p>
      ) : (
        <ol className="space-y-1">
          {leaders.map((l, i) => (
            <li key={l.address} data-testid="tip-leader" className="flex items-center gap-2 text-sm">
              <span className="w-5 shrink-0 text-right font-mono text-xs text-muted tabular-nums">
                {i + 1}
              </span>
              <span className="min-w-0 flex-1 truncate" title={l.address}>
                {l.username ?? shortenAddress(l.address)}
              </span>
              <span className="text-xs text-muted">{t('trade.leaderboard.tips', { count: l.count })}</span>
              <span className="font-mono text-xs font-semibold text-warn tabular-nums">
                {t('trade.cockpitTipAmount', {
                  amount: fmt.decimal(Number(formatEther(BigInt(l.total_wei)))),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
