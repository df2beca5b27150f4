import { SCHEDULE_TITLE_MAX } from '@mintcast/contracts';
import { CalendarClock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { notify } from '../../lib/toast.ts';
import { useScheduleMutation, useStreamScheduleQuery } from '../../queries/schedules.ts';
import { DashboardPanel } from './dashboard-panel.tsx';

const fieldClass = 'h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-4 text-sm text-fg';

/** `YYYY-MM-DDTHH:mm` in local time, what `<input type="datetime-local">` holds. */
const localInputValue = (d: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The creator schedules the stream's next broadcast (local date and time, a title), or cancels it. */
export function ScheduleForm({ mint, creator }: { mint: string; creator: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const current = useStreamScheduleQuery(mint, creator).data?.schedule ?? null;
  const change = useScheduleMutation(mint, creator);
  const [when, setWhen] = useState('');
  const [title, setTitle] = useState('');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const failed = (err: unknown) =>
    notify.error(
      err instanceof ApiError ? `${t('schedule.form.failed')}: ${err.message}` : t('schedule.form.failed'),
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) return notify.error(t('schedule.form.pickTime'));
    change.mutate(
      { kind: 'schedule', body: { starts_at: at.toISOString(), title } },
      {
        onSuccess: () => {
          setWhen('');
          setTitle('');
          notify.success(t('schedule.form.saved'));
        },
        onError: failed,
      },
    );
  };
  const cancel = () =>
    change.mutate(
      { kind: 'cancel' },
      { onSuccess: () => notify.success(t('schedule.form.cancelled')), onError: failed },
    );

  return (
    <DashboardPanel
      id="schedule-form-title"
      testId="schedule-form"
      icon={CalendarClock}
      title={t('schedule.form.title')}
      hint={t('schedule.form.hint')}
    >
      {current && (
        <div
          data-testid="schedule-current"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand/30 bg-brand/5 px-4 py-3"
        >
          <p className="min-w-0 text-sm break-words text-fg">
            {t('schedule.form.scheduled', {
              title: current.title,
              time: fmt.dateTime(new Date(current.starts_at)),
            })}
          </p>
          <button
            type="button"
            disabled={change.isPending}
            onClick={cancel}
            className={buttonClass('secondary', 'sm')}
          >
            {t('schedule.form.cancel')}
          </button>
        </div>
      )}
      <form
        className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
        onSubmit={submit}
      >
        <label className="space-y-1 text-sm">
          <span className="block text-fg">{t('schedule.form.when')}</span>
          <input
            type="datetime-local"
            required
            min={localInputValue(new Date())}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            aria-describedby="schedule-zone"
            className={fieldClass}
          />
        </label>
        <label className="space-y-1 text-sm">
          <span className="block text-fg">{t('schedule.form.name')}</span>
          <input
            required
            maxLength={SCHEDULE_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            className={fieldClass}
          />
        </label>
        <button type="submit" disabled={change.isPending} className={buttonClass('primary', 'md')}>
          {current ? t('schedule.form.update') : t('schedule.form.submit')}
        </button>
        <p id="schedule-zone" className="text-xs text-muted sm:col-span-3">
          {t('schedule.form.whenHint', { zone })}
        </p>
      </form>
    </DashboardPanel>
  );
}
