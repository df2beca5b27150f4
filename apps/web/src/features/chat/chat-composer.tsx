import { CHAT_MESSAGE_MAX_LENGTH, type TChatSelf } from '@mintcast/contracts';
import { Ban, Clock, SendHorizontal, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.ts';
import { useFormat } from '../../lib/i18n/format.ts';
import { usePostChatMessageMutation } from '../../queries/chat.ts';
import { openConnectDialog, useWallet } from '../wallet/wallet-store.ts';
import { chatErrorText, SANCTION_CODES } from './chat-errors.ts';

/**
 * Input with a character counter and a send button, for signed-in wallets. A ban or a running timeout closes
 * it with the reason before the viewer types; a message over the limit says why Enter does nothing; a refused
 * post says why under the input, in the visitor's language.
 */
export function ChatComposer({
  mint,
  self,
  onSanctioned,
}: {
  mint: string;
  /** The viewer's own standing (moderation overview); undefined while it loads. */
  self: TChatSelf | undefined;
  /** A post was refused for a ban or a timeout: re-read the viewer's standing. */
  onSanctioned: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const post = usePostChatMessageMutation(mint);
  const hintId = useId();
  const mutedUntil = useRunningTimeout(self?.mutedUntil ?? null, onSanctioned);
  const trimmed = text.trim();
  const over = trimmed.length - CHAT_MESSAGE_MAX_LENGTH;
  const tooLong = over > 0;
  const canSend = trimmed.length > 0 && !tooLong && !post.isPending;

  if (self?.banned || mutedUntil) {
    const reason = self?.banned
      ? t(self.banned === 'site' ? 'chatErrors.banned' : 'chatErrors.chat_banned')
      : t('chatErrors.mutedUntil', { time: fmt.time(mutedUntil!) });
    const Icon = self?.banned ? Ban : Clock;
    return (
      <p
        data-testid="chat-sanction"
        role="status"
        className="flex min-h-10 items-center gap-2 rounded-lg border border-down/30 bg-down/10 px-3 py-2 text-sm text-down"
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {reason}
      </p>
    );
  }

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    setRefusal(null);
    post.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (err) => {
        setRefusal(chatErrorText(err, t));
        if (err && typeof err === 'object' && 'code' in err && SANCTION_CODES.has(String(err.code)))
          onSanctioned();
      },
    });
  };

  const hint = tooLong ? t('chatErrors.tooLong', { count: over, max: CHAT_MESSAGE_MAX_LENGTH }) : refusal;
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" data-testid="chat-composer">
      <div className="flex items-end gap-2">
        <div className="relative min-w-0 flex-1">
          <textarea
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setRefusal(null);
            }}
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
            aria-invalid={tooLong || undefined}
            aria-describedby={hint ? hintId : undefined}
            className={`block max-h-28 min-h-10 w-full resize-none rounded-lg border bg-surface-2 py-2 pr-14 pl-3 text-sm text-fg placeholder:text-muted focus:outline-none ${
              tooLong ? 'border-down/70 focus:border-down' : 'border-border focus:border-brand/60'
            }`}
          />
          <span
            className={`pointer-events-none absolute right-2 bottom-2 text-[11px] tabular-nums ${tooLong ? 'text-down' : 'text-muted'}`}
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
      </div>
      {/* Polite for the length (read as the viewer types), assertive for a refusal. */}
      <p
        id={hintId}
        data-testid="chat-hint"
        role={tooLong ? 'status' : 'alert'}
        className={`text-xs text-down ${hint ? '' : 'sr-only'}`}
      >
        {hint}
      </p>
    </form>
  );
}

/** Signed out: why the composer is missing, and the button that fixes it. */
export function ChatSignedOut() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const connectedUnsigned = wallet.status === 'connected' || wallet.status === 'signing';
  return (
    <div
      className="flex flex-col items-stretch gap-2 rounded-lg bg-surface-2 p-3 text-center"
      data-testid="chat-signed-out"
    >
      <p className="text-sm text-muted">{t('chat.connectToJoin')}</p>
      <button type="button" onClick={openConnectDialog} className={buttonClass('primary', 'sm', 'w-full')}>
        <Wallet className="size-4" aria-hidden />
        {connectedUnsigned ? t('wallet.signIn') : t('wallet.connect')}
      </button>
    </div>
  );
}

/**
 * The end of a running timeout as a Date, or null once it has passed; when it passes, `onEnded` runs (the
 * standing is read again) and the composer opens.
 */
const useRunningTimeout = (until: string | null, onEnded: () => void): Date | null => {
  const end = until ? new Date(until) : null;
  const endMs = end?.getTime() ?? 0;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!endMs) return;
    const left = endMs - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setTick((n) => n + 1);
      onEnded();
    }, left);
    return () => clearTimeout(timer);
  }, [endMs, onEnded]);
  return end && endMs > Date.now() ? end : null;
};
