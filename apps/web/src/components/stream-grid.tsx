import type { TStream } from '@mintcast/contracts';
import type { ReactNode } from 'react';
import { StreamCard, StreamCardSkeleton } from './stream-card.tsx';

/** The responsive grid every stream list uses: 1 → 2 → 3 → 4 columns. */
export function CardGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  // Columns follow the width of the content area (a container query), not the window, so the
  // grid fits the same whether the sidebar is expanded, collapsed or a drawer.
  return (
    <div className="@container">
      <div
        data-testid={testId}
        className="grid grid-cols-1 gap-4 @min-[480px]:grid-cols-2 @min-[700px]:grid-cols-3 @min-[920px]:grid-cols-4"
      >
        {children}
      </div>
    </div>
  );
}

/** Cards for `streams`, or `skeletons` placeholders while they load. */
export function StreamGrid({
  streams,
  loading,
  skeletons,
  testId,
}: {
  streams: TStream[] | undefined;
  loading: boolean;
  skeletons: number;
  testId?: string;
}) {
  return (
    <CardGrid testId={testId}>
      {loading || !streams
        ? // biome-ignore lint/suspicious/noArrayIndexKey: skeletons are identical and never reorder.
          Array.from({ length: skeletons }, (_, i) => <StreamCardSkeleton key={i} />)
        : streams.map((s) => <StreamCard key={s.mint} stream={s} />)}
    </CardGrid>
  );
}
