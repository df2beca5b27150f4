import type { TStream } from '@mintcast/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { ReportDialog } from './report-dialog.tsx';

/** "Report" on the stream page, for signed-in wallets other than the creator. */
export function ReportStreamButton({ stream }: { stream: TStream }) {
  const { t } = useTranslation();
  const address = useSession()?.user.address ?? null;
  const [open, setOpen] = useState(false);
  if (!address || address === stream.creator_address) return null;
  return (
    <>
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setOpen(true)}>
        <Flag className="size-4" aria-hidden />
        {t('moderation.report')}
      </button>
      {open && (
        <ReportDialog
          target={{ kind: 'stream', mint: stream.mint }}
          subject={`${stream.name} ($${stream.symbol})`}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
