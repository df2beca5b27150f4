import { effectiveChatRules, type TChatRules } from '@mintcast/contracts';
import { ShieldAlert, Timer, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The modes in force, shown to every viewer above the composer: "Shield mode", "Slow mode: 10 s",
 * "Followers-only chat".
 */
export function ChatModes({ rules: set }: { rules: TChatRules }) {
  const { t } = useTranslation();
  const rules = effectiveChatRules(set);
  const modes = [
    rules.shield && {
      key: 'shield',
      icon: <ShieldAlert className="size-3.5" aria-hidden />,
      label: t('moderation.shield'),
    },
    rules.slowModeSeconds > 0 && {
      key: 'slow',
      icon: <Timer className="size-3.5" aria-hidden />,
      label: t('moderation.slowModeOn', { n: rules.slowModeSeconds }),
    },
    rules.followersOnly && {
      key: 'followers',
      icon: <UserCheck className="size-3.5" aria-hidden />,
      label: t('moderation.followersOnly'),
    },
  ].filter((m) => !!m);
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
          className="inline-flex items-center gap-1.5 rounded-full border border-warn/30 bg-warn/10 px-2.5 py-1 text-xs font-medium text-warn"
        >
          {m.icon}
          {m.label}
        </li>
      ))}
    </ul>
  );
}
