import { CHAT_MESSAGE_MAX_LENGTH } from '@mintcast/contracts';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { usePostChatMessageMutation } from '../../queries/chat.ts';

/** Input with a character counter and a send button, for signed-in wallets. */
export function ChatComposer({ mint }: { mint: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const post = usePostChatMessageMutation(mint);
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = trimmed.length > 0 && !tooLong && !post.isPending;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    post.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (err) => notify.error(err instanceof ApiError ? err.message : t('chat.sendFailed')),
    });
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="relative min-w-0 flex-1">
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH + 50}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.message')}
          className="block max-h-28 min-h-10 w-full resize-none rounded-lg border border-border bg-surface-2 py-2 pr-14 pl-3 text-sm text-fg placeholder:text-muted focus:border-brand/60 focus:outline-none"
        />
        <span
          className={`pointer-events-none absolute right-2 bottom-2 text-[11px] tabular-nums ${tooLong ? 'text-down' : 'text-muted'}`}
          aria-live="polite"
          data-testid="chat-counter"
        >
          {trimmed.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </span>
      </div>
      <button
        type="submit"
        disabled={!canSend}
        aria-label={t('chat.send')}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand text-bg transition-colors hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-40"
      >
        <SendHorizontal className="size-4" aria-hidden />
      </button>
    </form>
  );
}
