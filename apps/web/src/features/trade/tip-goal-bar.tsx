import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { useTipGoalQuery } from '../../queries/tips.ts';

/** Under the player: the creator's tip goal and how far the tips since it was set have come (issue 34). */
export function TipGoalBar({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const goal = useTipGoalQuery(mint).data?.goal;
  if (!goal) return null;
  const raised = BigInt(goal.raised_wei);
  const target = BigInt(goal.goal_wei);
  const percent = Number((raised * 100n) / target);
  const bnb = (wei: bigint) => fmt.decimal(Number(formatEther(wei)));
  const label = t('trade.goal.progress', { raised: bnb(raised), goal: bnb(target) });
  return (
    <section
      aria-label={t('trade.goal.title')}
      data-testid="tip-goal"
      className="rounded-2xl border border-border bg-surface px-4 py-3"
    >
      <div className="mb-2 flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-1.5 font-semibold">
          <Target aria-hidden className="size-4 text-warn" />
          {t('trade.goal.title')}
        </span>
        <span
          className="font-mono text-xs font-semibold text-warn tabular-nums"
          data-testid="tip-goal-progress"
        >
          {percent >= 100 ? `${t('trade.goal.reached')} · ${label}` : label}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('trade.goal.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-warn transition-[width]"
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </div>
    </section>
  );
}
