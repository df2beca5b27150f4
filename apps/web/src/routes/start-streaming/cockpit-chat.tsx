import { MessageSquare, X } from 'lucide-react';
import { useState } from 'react';
import { ChatPanel } from '../../features/chat/chat-panel.tsx';
import { useSession } from '../../lib/session/use-session.ts';

/**
 * The live chat inside the broadcaster cockpit, as a drawer over the video: the creator reads the chat
 * and runs its tools (moderators, bans, slow mode, followers-only, banned words) without leaving the stream.
 */
export function CockpitChat({ mint }: { mint: string }) {
  const [open, setOpen] = useState(false);
  const creator = useSession()?.user.address ?? null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="ml-auto inline-flex items-center gap-1.5 rounded-md bg-white/10 px-2.5 py-1.5 text-xs font-semibold hover:bg-white/20"
      >
        {open ? <X aria-hidden className="size-3.5" /> : <MessageSquare aria-hidden className="size-3.5" />}
        {open ? 'Hide chat' : 'Chat'}
      </button>
      {open && (
        <div className="absolute top-16 right-0 bottom-24 z-20 w-full p-3 sm:w-[380px]">
          <ChatPanel mint={mint} creatorAddress={creator} />
        </div>
      )}
    </>
  );
}
