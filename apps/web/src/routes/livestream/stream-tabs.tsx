import { Info, MessageSquare } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type StreamTab = 'about' | 'chat';
const TABS: StreamTab[] = ['about', 'chat'];

/**
 * A phone's two tabs under the player (hidden from lg, where the chat is a column beside the rest): the
 * stream's creator, token and trading cards, or the chat. Arrow keys move between them (ARIA tabs pattern).
 */
export function StreamTabs({ tab, onChange }: { tab: StreamTab; onChange: (tab: StreamTab) => void }) {
  const { t } = useTranslation();
  const refs = useRef<Record<StreamTab, HTMLButtonElement | null>>({ about: null, chat: null });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('watch.sections')}
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-surface p-1 lg:hidden"
    >
      {TABS.map((id) => {
        const Icon = id === 'chat' ? MessageSquare : Info;
        const selected = tab === id;
        return (
          <button
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            id={`stream-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`stream-${id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(id)}
            className={`flex h-9 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors ${
              selected ? 'bg-brand text-bg' : 'text-muted hover:bg-surface-2 hover:text-fg'
            }`}
          >
            <Icon className="size-4" aria-hidden />
            {t(id === 'chat' ? 'watch.chatTab' : 'watch.aboutTab')}
          </button>
        );
      })}
    </div>
  );
}
