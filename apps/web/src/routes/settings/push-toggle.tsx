import { useTranslation } from 'react-i18next';
import { useWebPush } from '../../features/notifications/use-web-push.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { usePushStreamMutation, usePushStreamsQuery } from '../../queries/push.ts';
import { ToggleRow } from './toggle-row.tsx';

/** "Push notifications": go-live pushes to this device for a signed-in wallet (issue 35). */
export function PushToggle() {
  const { t } = useTranslation();
  const session = useSession();
  const { state, setEnabled } = useWebPush();
  const label = t('settings.pushNotifications');
  if (state.status === 'unavailable')
    return (
      <ToggleRow
        label={label}
        hint={t(state.reason === 'unsupported' ? 'settings.pushUnsupported' : 'settings.pushOff')}
        checked={false}
        onChange={() => undefined}
        disabled
      />
    );
  if (!session)
    return (
      <ToggleRow
        label={label}
        hint={t('settings.pushSignIn')}
        checked={false}
        onChange={() => undefined}
        disabled
      />
    );
  const hint =
    state.error === 'denied'
      ? t('settings.pushDenied')
      : state.error === 'failed'
        ? t('settings.pushFailed')
        : t('settings.pushNotificationsHint');
  return (
    <>
      <ToggleRow
        label={label}
        hint={hint}
        checked={state.enabled}
        onChange={setEnabled}
        disabled={state.busy}
      />
      {state.enabled ? <PushStreamSwitches /> : null}
    </>
  );
}

/** One switch per followed stream, under the device's switch (issue 35: per-stream and global switches). */
function PushStreamSwitches() {
  const { t } = useTranslation();
  const streams = usePushStreamsQuery(true);
  const change = usePushStreamMutation();
  return (
    <>
      {streams.data?.items.map((s) => (
        <ToggleRow
          key={s.mint}
          label={s.name}
          hint={t('settings.pushStreamHint', { symbol: `$${s.symbol}` })}
          checked={s.enabled}
          onChange={(enabled) =>
            change.mutate(
              { mint: s.mint, enabled },
              { onError: () => notify.error(t('settings.pushFailed')) },
            )
          }
          disabled={change.isPending}
        />
      ))}
    </>
  );
}
