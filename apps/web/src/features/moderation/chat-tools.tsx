import { SLOW_MODE_MAX_SECONDS, type TChatModeration } from '@mintcast/contracts';
import { Eraser, Plus, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, iconButtonClass } from '../../components/ui/button.ts';
import { ApiError } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { chatTools, useChatToolMutation } from '../../queries/moderation.ts';
import { ChatStaffLists } from './chat-staff-lists.tsx';

const SLOW_CHOICES = [0, 3, 5, 10, 30, 60, SLOW_MODE_MAX_SECONDS];
const fail = (err: unknown) =>
  notify.error(err instanceof ApiError ? err.message : i18n.t('moderation.failed'));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-b border-border px-4 py-3 last:border-b-0">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The creator's and moderators' chat tools, over the message list: modes, banned words and clear chat
 * (creator), moderators (creator), and the banned and timed-out wallets (both).
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
  const [word, setWord] = useState('');
  const isCreator = data.role === 'creator';
  const save = (input: Parameters<typeof tools.updateSettings>[0]) =>
    settings.mutate(input, { onError: fail });
  const addWord = () => {
    const w = word.trim().toLowerCase();
    if (!w || data.bannedWords.includes(w)) return setWord('');
    save({ bannedWords: [...data.bannedWords, w] });
    setWord('');
  };

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
      {isCreator && (
        <Section title={t('moderation.chatModes')}>
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
        </Section>
      )}
      {isCreator && (
        <Section title={t('moderation.bannedWords')}>
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              addWord();
            }}
          >
            <input
              value={word}
              onChange={(e) => setWord(e.target.value)}
              maxLength={40}
              placeholder={t('moderation.addWordPlaceholder')}
              aria-label={t('moderation.bannedWord')}
              className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-2.5 text-sm outline-none focus:border-brand/60"
            />
            <button
              type="submit"
              className={buttonClass('secondary', 'sm', 'h-8')}
              aria-label={t('moderation.addBannedWord')}
            >
              <Plus className="size-4" aria-hidden />
            </button>
          </form>
          {data.bannedWords.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {data.bannedWords.map((w) => (
                <li
                  key={w}
                  className="inline-flex items-center gap-1 rounded-full bg-surface-2 py-0.5 pr-1 pl-2.5 text-xs"
                >
                  {w}
                  <button
                    type="button"
                    onClick={() => save({ bannedWords: data.bannedWords.filter((x) => x !== w) })}
                    className="rounded-full p-0.5 text-muted hover:bg-down/15 hover:text-down"
                    aria-label={t('moderation.allowWord', { word: w })}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-muted">{t('moderation.bannedWordsHint')}</p>
          )}
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
    </div>
  );
}
