import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEther, parseEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { notify } from '../../lib/toast.ts';
import { useSetTipGoalMutation, useTipGoalQuery } from '../../queries/tips.ts';

/** A BNB amount typed by the creator, in wei; null when it is not a number above 0. */
const weiOf = (text: string): string | null => {
  const v = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,18})?$/.test(v)) return null;
  const wei = parseEther(v);
  return wei > 0n ? wei.toString() : null;
};

/** The cockpit's tip goal: set an amount in BNB (tips from then on count toward it), or clear it. */
export function TipGoalControl({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const goal = useTipGoalQuery(mint).data?.goal ?? null;
  const save = useSetTipGoalMutation(mint);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (goalWei: string | null) =>
    save.mutate(goalWei, {
      onSuccess: () => {
        setText('');
        notify.success(t(goalWei ? 'trade.goal.saved' : 'trade.goal.cleared'));
      },
      onError: () => notify.error(t('trade.goal.failed')),
    });
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        const wei = weiOf(text);
        setError(wei ? null : t('trade.goal.invalid'));
        if (wei) submit(wei);
      }}
    >
      <label
        htmlFor={`tip-goal-${mint}`}
        className="flex w-full items-baseline justify-between text-[11px] text-white/55"
      >
        {t('trade.goal.label')}
        {goal && (
          <span className="font-mono text-warn tabular-nums" data-testid="cockpit-goal-progress">
            {t('trade.goal.progress', {
              raised: fmt.decimal(Number(formatEther(BigInt(goal.raised_wei)))),
              goal: fmt.decimal(Number(formatEther(BigInt(goal.goal_wei)))),
            })}
          </span>
        )}
      </label>
      <input
        id={`tip-goal-${mint}`}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={goal ? formatEther(BigInt(goal.goal_wei)) : t('trade.goal.label')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `tip-goal-error-${mint}` : undefined}
        className="h-8 min-w-0 flex-1 rounded-md border border-white/15 bg-white/5 px-2 text-xs text-white placeholder:text-white/40"
      />
      <button
        type="submit"
        disabled={save.isPending}
        className="h-8 rounded-md bg-warn px-2.5 text-xs font-semibold text-bg hover:bg-warn/85 disabled:opacity-50"
      >
        {t('trade.goal.set')}
      </button>
      {goal && (
        <button
          type="button"
          disabled={save.isPending}
          onClick={() => submit(null)}
          className="h-8 rounded-md bg-white/10 px-2.5 text-xs font-semibold text-white hover:bg-white/20 disabled:opacity-50"
        >
          {t('trade.goal.clear')}
        </button>
      )}
      {error && (
        <p id={`tip-goal-error-${mint}`} role="alert" className="w-full text-xs text-down">
          {error}
        </p>
      )}
    </form>
  );
}
