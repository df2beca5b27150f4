import { MessageSquare } from 'lucide-react';

/** Right column reserved for live chat; the chat work mounts `features/chat` here. */
export function ChatPlaceholder() {
  return (
    <aside
      aria-label="Live chat"
      className="flex min-h-[420px] flex-col rounded-2xl border border-border bg-surface lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)]"
    >
      <div className="flex items-center gap-2 border-b border-border px-4 py-3 font-semibold">
        <MessageSquare className="size-4 text-brand" aria-hidden />
        Live Chat
      </div>
      <div className="flex-1" />
    </aside>
  );
}
