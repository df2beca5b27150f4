import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The trade and tip panels bring wagmi and viem (~150 KB): their own chunk, fetched only once they are shown.
const ChainPanels = lazy(() => import('../../features/trade/chain-panels.tsx'));

/** How near the viewport the panels' place must come for their code to be fetched (about a short scroll). */
const NEAR_VIEWPORT = '200px';

/**
 * The stream page's trade and tip panels, loaded when their place is about to scroll into view (decision 017):
 * on a phone they are below the player, the token cards and the chat, and a visitor who never scrolls there
 * should not pay for them while the page starts.
 */
export function DeferredChainPanels({ mint, creator }: { mint: string; creator: string | null }) {
  const near = useNearViewport();
  const skeleton = <div className="skeleton h-72 rounded-2xl" aria-busy="true" />;
  return (
    <div
      ref={near.ref}
      id="trade"
      className="below-fold min-w-0 [--below-fold-size:18rem]"
      data-testid="chain-panels"
    >
      {near.reached ? (
        <Suspense fallback={skeleton}>
          <ChainPanels mint={mint} creator={creator} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}

/** Whether the element has come within NEAR_VIEWPORT of the viewport (once true, stays true). */
const useNearViewport = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (reached || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setReached(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [reached]);
  return { ref, reached };
};
