import {
  BANNED_WORD_MAX_LENGTH,
  normalizeLinkDomain,
  SLOW_MODE_MAX_SECONDS,
  type TChatModeration,
} from '@mintcast/contracts';
import { Eraser, ShieldCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { chatTools, useChatToolMutation } from '../../queries/moderation.ts';
import { ChatStaffLists } from './chat-staff-lists.tsx';
import { ChipListEditor } from './chip-list-editor.tsx';
import { ModerationLog } from './moderation-log.tsx';
import { ShieldSwitch } from './shield-switch.tsx';
import { ToolsSection as Section } from './tools-section.tsx';

const SLOW_CHOICES = [0, 3, 5, 10, 30, 60, SLOW_MODE_MAX_SECONDS];
const fail = (err: unknown) =>
  notify.error(err instanceof ApiError ? err.message : i18n.t('moderation.failed'));

/**
 * The creator's and moderators' chat tools, over the message list: Shield mode (both), modes, banned words,
 * allowed links and clear chat (creator), moderators (creator), the banned and timed-out wallets (both), and
 * the moderation log (creator).
 */
export function ChatTools({
  mint,
  data,
  onClose,
}: {
  mint: string;
  data: TChatModeration;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tools = chatTools(mint);
  const settings = useChatToolMutation(mint, tools.updateSettings);
  const clear = useChatToolMutation(mint, tools.clear);
  const isCreator = data.role === 'creator';
  const save = (input: Parameters<typeof tools.updateSettings>[0]) =>
    settings.mutate(input, { onError: fail });

  return (
    <div
      className="absolute inset-0 z-10 flex flex-col overflow-y-auto bg-surface"
      role="dialog"
      aria-label={t('moderation.chatTools')}
      data-testid="chat-tools"
    >
      <header className="sticky top-0 z-10 flex items-center justify-between border-b border-border bg-surface px-4 py-2.5">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <ShieldCheck className="size-4 text-brand" aria-hidden />
          {t('moderation.chatTools')}
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[10px] font-bold uppercase text-muted">
            {t(`moderation.roles.${data.role}`)}
          </span>
        </h2>
        <button
          type="button"
          onClick={onClose}
          className={iconButtonClass('size-8')}
          aria-label={t('moderation.closeChatTools')}
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <Section title={t('moderation.chatModes')}>
        <ShieldSwitch mint={mint} data={data} onError={fail} />
        {isCreator && (
          <div className="mt-2">
            <label className="flex items-center justify-between gap-3 py-1 text-sm">
              <span>{t('moderation.slowMode')}</span>
              <select
                aria-label={t('moderation.slowMode')}
                value={data.rules.slowModeSeconds}
                onChange={(e) => save({ slowModeSeconds: Number(e.target.value) })}
                className="h-8 rounded-md border border-border bg-surface-2 px-2 text-sm outline-none focus:border-brand/60"
              >
                {[...new Set([...SLOW_CHOICES, data.rules.slowModeSeconds])]
                  .sort((a, b) => a - b)
                  .map((s) => (
                    <option key={s} value={s}>
                      {s === 0 ? t('moderation.off') : t('moderation.seconds', { n: s })}
                    </option>
                  ))}
              </select>
            </label>
            <label className="flex items-center justify-between gap-3 py-1 text-sm">
              <span>{t('moderation.followersOnly')}</span>
              <input
                type="checkbox"
                aria-label={t('moderation.followersOnly')}
                checked={data.rules.followersOnly}
                onChange={(e) => save({ followersOnly: e.target.checked })}
                className="size-4 accent-[var(--color-brand)]"
              />
            </label>
          </div>
        )}
      </Section>
      {isCreator && (
        <Section title={t('moderation.bannedWords')}>
          <ChipListEditor
            items={data.bannedWords}
            onChange={(bannedWords) => save({ bannedWords })}
            normalize={(w) => w.trim().toLowerCase() || null}
            maxLength={BANNED_WORD_MAX_LENGTH}
            placeholder={t('moderation.addWordPlaceholder')}
            inputLabel={t('moderation.bannedWord')}
            addLabel={t('moderation.addBannedWord')}
            removeLabel={(word) => t('moderation.allowWord', { word })}
            hint={t('moderation.bannedWordsHint')}
          />
        </Section>
      )}
      {isCreator && (
        <Section title={t('moderation.allowedLinks')}>
          <ChipListEditor
            items={data.rules.linkAllowlist}
            onChange={(linkAllowlist) => save({ linkAllowlist })}
            normalize={normalizeLinkDomain}
            maxLength={253}
            placeholder={t('moderation.addDomainPlaceholder')}
            inputLabel={t('moderation.allowedDomain')}
            addLabel={t('moderation.addAllowedDomain')}
            removeLabel={(domain) => t('moderation.removeDomain', { domain })}
            hint={t('moderation.allowedLinksHint')}
            invalidText={t('moderation.invalidDomain')}
            testId="link-allowlist"
          />
        </Section>
      )}
      <ChatStaffLists mint={mint} data={data} onError={fail} />
      {isCreator && (
        <Section title={t('moderation.clearChat')}>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'w-full text-down')}
            onClick={() => {
              if (window.confirm(t('moderation.clearConfirm')))
                clear.mutate(undefined, {
                  onError: fail,
                  onSuccess: () => notify.success(t('moderation.cleared')),
                });
            }}
          >
            <Eraser className="size-4" aria-hidden />
            {t('moderation.clearForEveryone')}
          </button>
        </Section>
      )}
      {isCreator && (
        <Section title={t('moderation.log')}>
          <ModerationLog mint={mint} />
        </Section>
      )}
    </div>
  );
}
