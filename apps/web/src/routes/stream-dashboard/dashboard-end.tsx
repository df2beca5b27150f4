import { CircleStop } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast.ts';
import { raidStream, setStreamLive } from '../../queries/live.ts';
import { EndStreamDialog } from '../start-streaming/end-stream-dialog.tsx';
import { raidFailure } from '../start-streaming/raid-picker.tsx';

/**
 * End Stream on the OBS dashboard, with the browser broadcaster's choice (issue 35): end, or send the audience
 * to another live stream (a raid). It ends the stream on the site; the streaming software keeps sending until
 * the creator stops it there, which the dialog says.
 */
export function DashboardEnd(props: { mint: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const end = async (raidTo: string | null) => {
    setConfirming(false);
    setEnding(true);
    try {
      if (raidTo) await raidStream(props.mint, raidTo);
      else await setStreamLive(props.mint, false);
      notify.success(raidTo ? t('raid.raided') : t('live.ended'));
    } catch (err) {
      notify.error(raidTo ? raidFailure(t, err) : t('live.endFailed'));
    } finally {
      setEnding(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={ending}
        className="inline-flex h-10 items-center gap-2 rounded-full bg-live-strong px-4 text-sm font-semibold whitespace-nowrap text-white transition-colors hover:bg-live/85 disabled:opacity-60"
      >
        <CircleStop aria-hidden className="size-4" />
        {ending ? t('start.ending') : t('start.end')}
      </button>
      {confirming && (
        <EndStreamDialog
          mint={props.mint}
          note={t('start.dashboard.endNote')}
          onConfirm={(raidTo) => void end(raidTo)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
