import { chatModeLabels, type TChatRules } from '@mintcast/contracts';
import { Timer, UserCheck } from 'lucide-react';

/** The modes in force, shown to every viewer above the composer: "Slow mode: 10 s", "Followers-only chat". */
export function ChatModes({ rules }: { rules: TChatRules }) {
  const labels = chatModeLabels(rules);
  if (labels.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-1.5" data-testid="chat-modes" aria-label="Chat modes">
      {labels.map((label) => (
        <li
          key={label}
          className="inline-flex items-center gap-1.5 rounded-full border border-warn/30 bg-warn/10 px-2.5 py-1 text-xs font-medium text-warn"
        >
          {label.startsWith('Slow') ? (
            <Timer className="size-3.5" aria-hidden />
          ) : (
            <UserCheck className="size-3.5" aria-hidden />
          )}
          {label}
        </li>
      ))}
    </ul>
  );
}
