import { CHAT_AUTOSCROLL_THRESHOLD_PX } from '@mintcast/contracts';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Within the spec's 50 px of the bottom counts as "reading the newest". */
export const isNearBottom = (el: {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}): boolean => el.scrollHeight - el.scrollTop - el.clientHeight <= CHAT_AUTOSCROLL_THRESHOLD_PX;

/**
 * Auto-scroll to the newest message only when the reader is near the bottom (spec §2); otherwise
 * report that unseen messages arrived so the panel can show a "new messages" pill.
 */
export const useStickToBottom = (newestKey: string | undefined) => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useRef(true);
  const seenKey = useRef<string | undefined>(undefined);
  const [hasUnseen, setHasUnseen] = useState(false);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    near.current = true;
    setHasUnseen(false);
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    near.current = isNearBottom(el);
    if (near.current) setHasUnseen(false);
  }, []);

  useLayoutEffect(() => {
    if (newestKey === seenKey.current) return;
    const first = seenKey.current === undefined;
    seenKey.current = newestKey;
    if (newestKey === undefined) return;
    if (first || near.current) scrollToBottom();
    else setHasUnseen(true);
  }, [newestKey, scrollToBottom]);

  return { ref, onScroll, hasUnseen, scrollToBottom };
};
