import type { TClip } from '@mintcast/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { notify } from '../../lib/toast.ts';
import { useAdminStatusQuery } from '../../queries/admin-status.ts';
import { useRemoveClipMutation } from '../../queries/clips.ts';
import { useChatModerationQuery } from '../../queries/moderation.ts';
import { ReportButton } from '../moderation/report-stream-button.tsx';

/**
 * A clip page's own actions: Report (signed-in wallets other than its author) and Remove (its author, the
 * stream's creator and moderators, administrators; the server decides, this only offers it where it will pass).
 */
export function ClipActions({ clip, creator }: { clip: TClip; creator: string | null }) {
  const me = useSession()?.user.address ?? null;
  const isAdmin = useAdminStatusQuery().data?.isAdmin === true;
  const role = useChatModerationQuery(clip.mint).data?.role;
  if (!me) return null;
  const canRemove = isAdmin || me === clip.createdBy || me === creator || role === 'moderator';
  return (
    <>
      {me !== clip.createdBy && (
        <ReportButton target={{ kind: 'clip', clipId: clip.id }} subject={clip.title} />
      )}
      {canRemove && <RemoveClip clip={clip} />}
    </>
  );
}

/** Remove for everyone, after a confirmation in place; then to the stream's page. */
function RemoveClip({ clip }: { clip: TClip }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveClipMutation(clip.mint);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)} className={buttonClass('secondary', 'sm')}>
        <Trash2 aria-hidden className="size-4" />
        {t('clip.remove')}
      </button>
    );
  return (
    <div role="alertdialog" aria-label={t('clip.remove')} className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-fg">{t('clip.removeConfirm')}</p>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(clip.id, {
            onSuccess: () => {
              notify.success(t('clip.removedToast'));
              navigate(`/livestream/${clip.mint}`);
            },
            onError: (err) => notify.error(err instanceof ApiError ? err.message : t('clip.failed')),
          })
        }
        className={buttonClass('primary', 'sm', '!bg-down !text-white hover:!bg-down/85')}
      >
        {t('clip.removeYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)} className={buttonClass('secondary', 'sm')}>
        {t('clip.cancel')}
      </button>
    </div>
  );
}
