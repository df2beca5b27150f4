import { canonicalAddress, shortenAddress, type TChatMessage } from '@mintcast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, Loader2, MessageSquare, PauseCircle, ShieldCheck, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useDeleteChatMessageMutation, useMuteChatAuthorMutation } from '../../queries/chat.ts';
import { useHolderChatQuery } from '../../queries/holder-chat.ts';
import {
  chatTools,
  useChatModerationQuery,
  useChatRulesQuery,
  useChatToolMutation,
} from '../../queries/moderation.ts';
import { tipKeys, useHoldersQuery } from '../../queries/tips.ts';
import { useTradeAlertStatusQuery } from '../../queries/trade-alerts.ts';
import { ChatModes } from '../moderation/chat-modes.tsx';
import { ChatTools } from '../moderation/chat-tools.tsx';
import { ReportDialog } from '../moderation/report-dialog.tsx';
import { ChatComposer, ChatSignedOut } from './chat-composer.tsx';
import { ChatMessageItem, type HostActions } from './chat-message-item.tsx';
import { useChat } from './use-chat.ts';
import { useChatViewer } from './use-chat-viewer.ts';
import { useStickToBottom } from './use-stick-to-bottom.ts';

interface ChatPanelProps {
  mint: string;
  creatorAddress: string | null;
  /** The panel's height: fixed by default; the stream page's column sets `h-full` and sizes itself. */
  className?: string;
}

/** The Live Chat panel of spec §2, for the right column of the stream page. */
export function ChatPanel({ mint, ...rest }: ChatPanelProps) {
  // A new stream starts from a clean state.
  return <ChatPanelBody key={canonicalAddress(mint)} mint={canonicalAddress(mint)} {...rest} />;
}

function ChatPanelBody({ mint, creatorAddress, className = 'h-[560px] lg:h-full' }: ChatPanelProps) {
  const { t } = useTranslation();
  const { state } = useChat(mint);
  const tradeAlerts = useTradeAlertStatusQuery(mint).data?.state;
  const { address } = useChatViewer();
  const creator = creatorAddress ? canonicalAddress(creatorAddress) : null;
  const isHost = !!address && address === creator;
  const moderation = useChatModerationQuery(mint);
  const rules = useChatRulesQuery(mint).data;
  const holderModes = useHolderChatQuery(mint).data;
  const role = moderation.data?.role ?? (isHost ? 'creator' : 'viewer');
  const isStaff = role !== 'viewer';
  const [toolsOpen, setToolsOpen] = useState(false);
  const [reporting, setReporting] = useState<TChatMessage | null>(null);
  const ban = useChatToolMutation(mint, chatTools(mint).setBan);
  const messages = state.status === 'ready' ? state.messages : [];
  const { ref, onScroll, hasUnseen, scrollToBottom } = useStickToBottom(messages.at(-1)?.id);
  const authors = useMemo(
    () => [...new Set(messages.slice(-100).map((m) => m.user_address.toLowerCase()))].sort(),
    [messages],
  );
  const holders = useHoldersQuery(mint, authors).data;
  const refetchModeration = moderation.refetch;
  const onSanctioned = useCallback(() => void refetchModeration(), [refetchModeration]);
  // A tip arriving in chat (anyone's) moves the stream's tip total and the creator's list of tips.
  const lastTip = messages.findLast((m) => m.tip)?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (lastTip) void queryClient.invalidateQueries({ queryKey: tipKeys.all(mint) });
  }, [lastTip, mint, queryClient]);

  const remove = useDeleteChatMessageMutation(mint);
  const mute = useMuteChatAuthorMutation(mint);
  const host = useMemo<HostActions | null>(() => {
    if (!isStaff) return null;
    const fail = (err: unknown) =>
      notify.error(err instanceof ApiError ? err.message : t('chat.moderationFailed'));
    return {
      onDelete: (m: TChatMessage) => remove.mutate(m.id, { onError: fail }),
      onMute: (m: TChatMessage, minutes: number) =>
        mute.mutate(
          { address: m.user_address, minutes },
          {
            onSuccess: () =>
              notify.success(
                t('chat.timedOut', { name: m.username || shortenAddress(m.user_address), count: minutes }),
              ),
            onError: fail,
          },
        ),
      onBan: (m: TChatMessage) =>
        ban.mutate(
          { address: m.user_address, on: true },
          {
            onSuccess: () =>
              notify.success(t('chat.bannedToast', { name: m.username || shortenAddress(m.user_address) })),
            onError: fail,
          },
        ),
    };
  }, [isStaff, remove.mutate, mute.mutate, ban.mutate, t]);

  return (
    <section
      aria-label={t('chat.title')}
      className={`flex min-h-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface ${className}`}
    >
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <MessageSquare className="size-4 text-brand" aria-hidden />
          {t('chat.title')}
        </h2>
        {isStaff && moderation.data && (
          <button
            type="button"
            onClick={() => setToolsOpen((o) => !o)}
            aria-expanded={toolsOpen}
            className="ml-auto inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg"
          >
            <ShieldCheck className="size-4 text-brand" aria-hidden />
            {t('moderation.chatTools')}
          </button>
        )}
        <span
          className="flex items-center gap-1.5 rounded-full bg-surface-2 px-2.5 py-1 text-xs text-muted"
          title={t('chat.onlineTitle')}
          data-testid="chat-online"
        >
          <span
            className={`size-1.5 rounded-full ${state.status === 'ready' && state.connection === 'live' ? 'bg-up' : 'bg-warn'}`}
            aria-hidden
          />
          <Users className="size-3.5" aria-hidden />
          <span className="tabular-nums">{state.online ?? '–'}</span>
          <span className="sr-only">{t('chat.online')}</span>
        </span>
      </header>

      {tradeAlerts === 'paused' && (
        <p
          role="status"
          title={t('alerts.pausedHint')}
          className="flex items-center gap-1.5 border-b border-border bg-warn/10 px-4 py-1.5 text-xs font-medium text-warn"
          data-testid="trade-alerts-paused"
        >
          <PauseCircle className="size-3.5 shrink-0" aria-hidden />
          {t('alerts.paused')}
          <span className="sr-only">{t('alerts.pausedHint')}</span>
        </p>
      )}
      <div className="relative min-h-0 flex-1">
        {toolsOpen && moderation.data && (
          <ChatTools mint={mint} data={moderation.data} onClose={() => setToolsOpen(false)} />
        )}
        {/* One log region from the first render: loading, history, errors and new messages are all read out
            politely (a region inserted with its first message is not). */}
        <div
          ref={ref}
          onScroll={onScroll}
          role="log"
          aria-label={t('chat.title')}
          // Focusable so the history can be scrolled with the keyboard (axe: scrollable-region-focusable).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          className="h-full overflow-y-auto px-2 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
          data-testid="chat-scroll"
        >
          {state.status === 'loading' && (
            <p className="flex h-full items-center justify-center gap-2 text-sm text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {t('chat.loading')}
            </p>
          )}
          {state.status === 'error' && (
            <p className="flex h-full items-center justify-center px-6 text-center text-sm text-muted">
              {t('chat.historyFailed')}
            </p>
          )}
          {state.status === 'ready' && messages.length === 0 && (
            <div className="flex h-full flex-col items-center justify-center gap-1 px-6 text-center">
              <MessageSquare className="mb-2 size-8 text-muted/60" aria-hidden />
              <p className="text-sm font-medium text-fg">{t('chat.empty')}</p>
              <p className="text-xs text-muted">{t('chat.emptyText')}</p>
            </div>
          )}
          {messages.length > 0 && (
            <ul className="flex flex-col gap-0.5">
              {messages.map((m) => (
                <ChatMessageItem
                  key={m.id}
                  message={m}
                  isHostAuthor={m.user_address === creator}
                  isHolder={holders?.has(m.user_address.toLowerCase()) ?? false}
                  holderTier={holders?.get(m.user_address.toLowerCase()) ?? null}
                  host={host}
                  onReport={address && m.user_address !== address ? setReporting : null}
                />
              ))}
            </ul>
          )}
        </div>
        {hasUnseen && (
          <button
            type="button"
            onClick={scrollToBottom}
            className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand px-3 py-1.5 text-xs font-semibold text-bg shadow-lg hover:bg-brand-strong"
          >
            <ArrowDown className="size-3.5" aria-hidden />
            {t('chat.newMessages')}
          </button>
        )}
      </div>

      <footer className="border-t border-border p-3">
        <ChatModes rules={rules} holder={holderModes} />
        {address ? (
          <ChatComposer
            mint={mint}
            self={role === 'viewer' ? moderation.data?.self : undefined}
            onSanctioned={onSanctioned}
          />
        ) : (
          <ChatSignedOut />
        )}
      </footer>
      {reporting && (
        <ReportDialog
          target={{ kind: 'message', mint, messageId: reporting.id }}
          subject={`“${reporting.content}” — ${reporting.username || shortenAddress(reporting.user_address)}`}
          onClose={() => setReporting(null)}
        />
      )}
    </section>
  );
}
