import { effectiveChatRules, type TChatRules, type THolderChatModes } from '@mintcast/contracts';
import { Coins, ShieldAlert, Timer, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Mode {
  key: string;
  icon: ReactNode;
  label: string;
  title?: string;
}

/**
 * The modes in force, shown to every viewer above the composer: "Shield mode", "Slow mode: 10 s",
 * "Followers-only chat", and the holder chat's "Holders-only chat" or "Non-holders: slow mode 30 s". Both sets are
 * pushed to open pages as they change (`chat_rules`, `holder_chat`), so this line is always the chat's rules.
 */
export function ChatModes({
  rules: set,
  holder,
}: {
  rules: TChatRules | undefined;
  holder?: THolderChatModes | undefined;
}) {
  const { t } = useTranslation();
  const modes: Mode[] = [];
  if (holder?.holders_only)
    modes.push({
      key: 'holders',
      icon: <Coins className="size-3.5" aria-hidden />,
      label: t('holders.modes.holdersOnly'),
      title: t('holders.modes.holdersOnlyHint'),
    });
  else if (holder && holder.nonholder_slow_seconds > 0)
    modes.push({
      key: 'nonholder-slow',
      icon: <Timer className="size-3.5" aria-hidden />,
      label: t('holders.modes.nonHolderSlow', { n: holder.nonholder_slow_seconds }),
    });
  const rules = set ? effectiveChatRules(set) : null;
  if (rules?.shield)
    modes.push({
      key: 'shield',
      icon: <ShieldAlert className="size-3.5" aria-hidden />,
      label: t('moderation.shield'),
    });
  if (rules && rules.slowModeSeconds > 0)
    modes.push({
      key: 'slow',
      icon: <Timer className="size-3.5" aria-hidden />,
      label: t('moderation.slowModeOn', { n: rules.slowModeSeconds }),
    });
  if (rules?.followersOnly)
    modes.push({
      key: 'followers',
      icon: <UserCheck className="size-3.5" aria-hidden />,
      label: t('moderation.followersOnly'),
    });
  if (modes.length === 0) return null;
  return (
    <ul
      className="mb-2 flex flex-wrap gap-1.5"
      data-testid="chat-modes"
      aria-label={t('moderation.chatModes')}
    >
      {modes.map((m) => (
        <li
          key={m.key}
          data-mode={m.key}
          title={m.title}
          className="inline-flex items-center gap-1.5 rounded-full border border-warn/30 bg-warn/10 px-2.5 py-1 text-xs font-medium text-warn"
        >
          {m.icon}
          {m.label}
        </li>
      ))}
    </ul>
  );
}
