import { SHIELD_SLOW_MODE_SECONDS, type TChatModeration } from '@mintcast/contracts';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatTools, useChatToolMutation } from '../../queries/moderation.ts';

/**
 * Shield mode: followers-only, slow mode, links off and the strictest word list in one switch, for the
 * creator and moderators alike; off again brings the chat's own settings back.
 */
export function ShieldSwitch({
  mint,
  data,
  onError,
}: {
  mint: string;
  data: TChatModeration;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const shield = useChatToolMutation(mint, chatTools(mint).setShield);
  // Shown switched at once (a controlled checkbox would spring back until the server answers).
  const [asked, setAsked] = useState<boolean | null>(null);
  const on = asked ?? data.rules.shield;
  return (
    <div
      className={`rounded-lg border px-3 py-2.5 ${on ? 'border-warn/40 bg-warn/10' : 'border-border bg-surface-2/50'}`}
    >
      <label className="flex items-center justify-between gap-3 text-sm font-semibold">
        <span className="flex items-center gap-2">
          <ShieldAlert className={`size-4 ${on ? 'text-warn' : 'text-muted'}`} aria-hidden />
          {t('moderation.shield')}
        </span>
        <input
          type="checkbox"
          aria-label={t('moderation.shield')}
          checked={on}
          onChange={(e) => {
            setAsked(e.target.checked);
            shield.mutate(e.target.checked, { onError, onSettled: () => setAsked(null) });
          }}
          className="size-4 accent-[var(--color-warn)]"
        />
      </label>
      <p className="mt-1 text-xs text-muted">
        {on ? t('moderation.shieldOnHint') : t('moderation.shieldHint', { n: SHIELD_SLOW_MODE_SECONDS })}
      </p>
    </div>
  );
}
