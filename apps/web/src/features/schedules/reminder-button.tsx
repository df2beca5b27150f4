import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useScheduleMutation } from '../../queries/schedules.ts';
import { openConnectDialog } from '../wallet/wallet-store.ts';

/** "Remind me" for a scheduled broadcast (a toggle); signed out, a click opens the connect dialog. */
export function ReminderButton(props: { mint: string; viewer: string | null; reminded: boolean }) {
  const { t } = useTranslation();
  const change = useScheduleMutation(props.mint, props.viewer);
  const on = Boolean(props.viewer) && props.reminded;
  const toggle = () => {
    if (!props.viewer) return openConnectDialog();
    change.mutate(
      { kind: 'remind', on: !on },
      {
        onSuccess: () => notify.success(t(on ? 'schedule.remindOff' : 'schedule.remindOn')),
        onError: (err) => notify.error(err instanceof ApiError ? err.message : t('schedule.remindFailed')),
      },
    );
  };
  const Icon = on ? BellRing : Bell;
  return (
    <button
      type="button"
      aria-pressed={on}
      disabled={change.isPending}
      onClick={toggle}
      data-testid="remind-button"
      className={buttonClass(on ? 'secondary' : 'primary', 'sm', on ? 'text-brand' : '')}
    >
      <Icon aria-hidden className="size-4" />
      {on ? t('schedule.reminding') : t('schedule.remindMe')}
    </button>
  );
}
