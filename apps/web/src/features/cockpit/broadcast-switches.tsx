import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipSettingsMutation, useClipSettingsQuery } from '../../queries/clips.ts';
import { useRecordingSettingsMutation, useRecordingSettingsQuery } from '../../queries/recordings.ts';

function Switch(props: {
  label: string;
  checked: boolean | undefined;
  pending: boolean;
  /** Saves the choice; `settled` is called once the server has answered (either way). */
  onChange: (on: boolean, settled: () => void) => void;
}) {
  // What the creator just chose shows at once (the mutation's own pending state renders a tick later, and a
  // controlled box would flip back for that tick); the server's answer replaces it.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <label className="flex items-center gap-2 text-xs text-white/80">
      <input
        type="checkbox"
        checked={chosen ?? props.checked ?? false}
        disabled={props.checked === undefined || props.pending}
        onChange={(e) => {
          setChosen(e.target.checked);
          props.onChange(e.target.checked, () => setChosen(null));
        }}
        className="size-4 accent-[var(--color-brand)]"
      />
      {props.label}
    </label>
  );
}

/** The creator's switches in the cockpit (issue 30): record broadcasts as replays, let viewers clip. */
export function BroadcastSwitches({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const recording = useRecordingSettingsQuery(mint);
  const setRecording = useRecordingSettingsMutation(mint);
  const clips = useClipSettingsQuery(mint);
  const setClips = useClipSettingsMutation(mint);
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1.5 rounded-lg bg-white/5 px-2.5 py-2">
      <legend className="sr-only">{t('start.cockpit.switches')}</legend>
      <Switch
        label={t('start.cockpit.record')}
        checked={recording.data?.enabled}
        pending={setRecording.isPending}
        onChange={(on, settled) => setRecording.mutate(on, { onSettled: settled })}
      />
      <Switch
        label={t('start.cockpit.allowClips')}
        checked={clips.data?.enabled}
        pending={setClips.isPending}
        onChange={(on, settled) => setClips.mutate(on, { onSettled: settled })}
      />
    </fieldset>
  );
}
