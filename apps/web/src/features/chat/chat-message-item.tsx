import { CHAT_MUTE_CHOICES_MINUTES, shortenAddress, type TChatMessage } from '@mintcast/contracts';
import type { TFunction } from 'i18next';
import { Ban, Clock, Flag, Gift, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEther } from 'viem';
import { useFormat } from '../../lib/i18n/format.ts';
import { ChatAvatar } from './chat-avatar.tsx';
import { linkify } from './linkify.ts';
import { maskForeignAddresses } from './mask-addresses.ts';
import { MaskedAddress } from './masked-address.tsx';
import { RaidLineItem } from './raid-line-item.tsx';
import { TradeAlertItem } from './trade-alert-item.tsx';

const muteLabel = (t: TFunction, minutes: number) =>
  minutes >= 1440
    ? t('chat.days', { count: minutes / 1440 })
    : minutes >= 60
      ? t('chat.hours', { n: minutes / 60 })
      : t('chat.minutes', { n: minutes });

/** What the stream's creator and its moderators can do to a message (and its author). */
export interface HostActions {
  onDelete(message: TChatMessage): void;
  onMute(message: TChatMessage, minutes: number): void;
  onBan(message: TChatMessage): void;
}

/** One chat line: avatar, name (or 0x1234...abcd), time and the content as plain text with http(s) links. */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  isHostAuthor,
  isHolder = false,
  holderTier = null,
  host,
  onReport,
}: {
  message: TChatMessage;
  isHostAuthor: boolean;
  /** The author holds the stream's token (read on chain by the server). */
  isHolder?: boolean;
  /** The holder's badge tier (the creator's tiers), or null for the plain "Holder" badge. */
  holderTier?: string | null;
  /** Present when the viewer is the stream's creator or a moderator. */
  host: HostActions | null;
  /** Present for a signed-in viewer who is not the author. */
  onReport: ((message: TChatMessage) => void) | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const name = message.username || shortenAddress(message.user_address);
  if (message.trade)
    return <TradeAlertItem message={message} trade={message.trade} onDelete={host ? host.onDelete : null} />;
  if (message.raid)
    return <RaidLineItem message={message} raid={message.raid} onDelete={host ? host.onDelete : null} />;
  return (
    <li
      className={`group relative flex gap-2.5 rounded-lg px-2 py-1.5 ${
        message.tip ? 'my-1 border border-warn/40 bg-warn/10' : 'hover:bg-surface-2/60'
      }`}
      data-testid="chat-message"
      data-tip={message.tip ? 'true' : undefined}
    >
      <ChatAvatar address={message.user_address} image={message.profile_image} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="truncate text-sm font-semibold text-fg" title={message.user_address}>
            {name}
          </span>
          {isHostAuthor && (
            <span className="rounded bg-live/15 px-1.5 text-[10px] font-bold uppercase tracking-wide text-live">
              {t('chat.host')}
            </span>
          )}
          {isHolder && (
            <span
              className="rounded bg-brand/15 px-1.5 text-[10px] font-bold uppercase tracking-wide text-brand"
              title={holderTier ? t('holders.tierTitle', { tier: holderTier }) : t('chat.holderTitle')}
              data-testid="holder-badge"
              data-tier={holderTier ?? undefined}
            >
              {holderTier ?? t('chat.holder')}
            </span>
          )}
          <time className="shrink-0 text-xs text-muted" dateTime={message.created_at}>
            {fmt.time(new Date(message.created_at))}
          </time>
        </div>
        {message.tip && (
          <p
            className="mt-0.5 flex items-center gap-1.5 text-xs font-bold text-warn"
            data-testid="tip-amount"
          >
            <Gift className="size-3.5" aria-hidden />
            {t('chat.tipped', { amount: formatEther(BigInt(message.tip.amount_wei)) })}
          </p>
        )}
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-fg/90">
          {maskForeignAddresses(linkify(message.content), message.stream_id).map((part, i) =>
            part.kind === 'masked' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message
              <MaskedAddress key={i} text={part.text} />
            ) : part.kind === 'link' ? (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message
                key={i}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="text-brand underline-offset-2 hover:underline"
              >
                {part.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable message
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      </div>
      {(host || onReport) && (
        <div
          className="absolute top-1 right-1 hidden items-center gap-0.5 rounded-md border border-border bg-surface p-0.5 shadow-lg group-focus-within:flex group-hover:flex"
          data-testid="chat-message-menu"
        >
          {onReport && (
            <button
              type="button"
              onClick={() => onReport(message)}
              className="rounded p-1 text-muted hover:bg-surface-2 hover:text-fg"
              title={t('moderation.reportMessage')}
              aria-label={t('moderation.reportMessage')}
            >
              <Flag className="size-3.5" aria-hidden />
            </button>
          )}
          {host &&
            !isHostAuthor &&
            CHAT_MUTE_CHOICES_MINUTES.map((m) => (
              <button
                key={m}
                type="button"
                onClick={() => host.onMute(message, m)}
                className="flex items-center gap-1 rounded px-1.5 py-1 text-[11px] text-muted hover:bg-surface-2 hover:text-fg"
                title={t('chat.timeOut', { name, duration: muteLabel(t, m) })}
              >
                <Clock className="size-3" aria-hidden />
                {muteLabel(t, m)}
              </button>
            ))}
          {host && !isHostAuthor && (
            <button
              type="button"
              onClick={() => host.onBan(message)}
              className="rounded p-1 text-muted hover:bg-down/15 hover:text-down"
              title={t('chat.banTitle', { name })}
              aria-label={t('chat.ban')}
            >
              <Ban className="size-3.5" aria-hidden />
            </button>
          )}
          {host && (
            <button
              type="button"
              onClick={() => host.onDelete(message)}
              className="rounded p-1 text-muted hover:bg-down/15 hover:text-down"
              title={t('chat.deleteMessage')}
              aria-label={t('chat.deleteMessage')}
            >
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          )}
        </div>
      )}
    </li>
  );
});
