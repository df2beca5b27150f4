import { shortenAddress, type TReplayChatMessage } from '@mintcast/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** How many of the messages up to the playhead are shown (the latest ones). */
const SHOWN = 100;

/** Messages whose moment is at or before the playhead, oldest first: what a viewer saw then. */
export const messagesAt = (messages: TReplayChatMessage[], playheadMs: number): TReplayChatMessage[] => {
  // Sorted by moment: the visible ones are a prefix, found by binary search.
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((messages[mid]?.offsetMs ?? 0) <= playheadMs) lo = mid + 1;
    else hi = mid;
  }
  return messages.slice(Math.max(0, lo - SHOWN), lo);
};

/** The chat beside a replay: messages appear as the video reaches their moment, and follow seeks. */
export function ReplayChat({ messages, playheadMs }: { messages: TReplayChatMessage[]; playheadMs: number }) {
  const { t } = useTranslation();
  const sorted = useMemo(() => [...messages].sort((a, b) => a.offsetMs - b.offsetMs), [messages]);
  const visible = messagesAt(sorted, playheadMs);
  const end = useRef<HTMLLIElement>(null);
  const last = visible.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest visible message changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  return (
    <section
      aria-label={t('replay.chat')}
      className="flex h-full min-h-80 flex-col rounded-2xl border border-border bg-surface"
    >
      <h2 className="border-b border-border px-4 py-3 text-sm font-semibold">{t('replay.chat')}</h2>
      {visible.length === 0 ? (
        <p className="p-4 text-sm text-muted">{t('replay.chatEmpty')}</p>
      ) : (
        <ol className="flex-1 space-y-2 overflow-y-auto p-4 text-sm" data-testid="replay-chat">
          {visible.map((m) => (
            <li key={m.id} data-offset-ms={m.offsetMs}>
              <span className="font-semibold">{m.username || shortenAddress(m.user_address)}</span>{' '}
              <span className="break-words">{m.content}</span>
            </li>
          ))}
          <li ref={end} aria-hidden />
        </ol>
      )}
    </section>
  );
}
