import { MonitorPlay, Webcam } from 'lucide-react';

export type BroadcastMethod = 'browser' | 'obs';

const OPTIONS: { value: BroadcastMethod; label: string; hint: string; Icon: typeof Webcam }[] = [
  { value: 'browser', label: 'Browser', hint: 'Camera, screen and microphone from this tab', Icon: Webcam },
  {
    value: 'obs',
    label: 'OBS / streaming software',
    hint: 'Publish over WHIP with a stream key',
    Icon: MonitorPlay,
  },
];

/** Step 2's choice of how to broadcast: this browser tab (today's flow) or streaming software over WHIP. */
export function BroadcastMethodPicker(props: {
  value: BroadcastMethod;
  onChange: (value: BroadcastMethod) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 block text-sm font-medium text-fg">Broadcast from</legend>
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
              <span className="block font-medium text-fg">{label}</span>
              <span className="text-muted">{hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
