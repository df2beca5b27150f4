import type { TStream } from '@mintcast/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { ReportDialog, type ReportTarget } from './report-dialog.tsx';

/** "Report" and its dialog, for what a signed-in wallet may report (the caller decides who sees it). */
export function ReportButton({ target, subject }: { target: ReportTarget; subject: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden />
        {t('moderation.report')}
      </button>
      {open && <ReportDialog target={target} subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}

/** "Report" on the stream page, for signed-in wallets other than the creator. */
export function ReportStreamButton({ stream }: { stream: TStream }) {
  const address = useSession()?.user.address ?? null;
  if (!address || address === stream.creator_address) return null;
  return (
    <ReportButton
      target={{ kind: 'stream', mint: stream.mint }}
      subject={`${stream.name} ($${stream.symbol})`}
    />
  );
}
