import { MonitorPlay, Webcam } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type BroadcastMethod = 'browser' | 'obs';

const OPTIONS = [
  { value: 'browser', label: 'start.method.browser', hint: 'start.method.browserHint', Icon: Webcam },
  { value: 'obs', label: 'start.method.obs', hint: 'start.method.obsHint', Icon: MonitorPlay },
] as const satisfies readonly { value: BroadcastMethod; label: string; hint: string; Icon: typeof Webcam }[];

/** Step 2's choice of how to broadcast: this browser tab (today's flow) or streaming software over WHIP. */
export function BroadcastMethodPicker(props: {
  value: BroadcastMethod;
  onChange: (value: BroadcastMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 block text-sm font-medium text-fg">{t('start.method.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map(({ value, label, hint, Icon }) => (
          <label
            key={value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 ${
              props.value === value ? 'border-brand bg-brand/10' : 'border-border bg-surface-2'
            }`}
          >
            <input
              type="radio"
              name="broadcast-method"
              value={value}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="sr-only"
            />
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
            <span className="text-sm">
              <span className="block font-medium text-fg">{t(label)}</span>
              <span className="text-muted">{t(hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
