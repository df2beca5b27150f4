import { AlertTriangle, Compass, House, RefreshCw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** No (or a malformed) id in the URL. */
export function InvalidStream() {
  return (
    <EmptyState
      icon={SearchX}
      title="Invalid stream"
      text="This link does not point to a stream. Stream links end with a token contract address."
    >
      <Link to="/explore" className={buttonClass('primary', 'md')}>
        <Compass className="size-4" aria-hidden />
        Explore Streams
      </Link>
    </EmptyState>
  );
}

export function StreamNotFound() {
  return (
    <EmptyState icon={SearchX} title="Stream Not Found" text="There is no stream for this token yet.">
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/explore" className={buttonClass('primary', 'md')}>
          <Compass className="size-4" aria-hidden />
          Explore Streams
        </Link>
        <Link to="/" className={buttonClass('secondary', 'md')}>
          <House className="size-4" aria-hidden />
          Go Home
        </Link>
      </div>
    </EmptyState>
  );
}

export function StreamLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title="Failed to load stream"
      text="Something went wrong while loading this stream."
    >
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onRetry} className={buttonClass('primary', 'md')}>
          <RefreshCw className="size-4" aria-hidden />
          Try Again
        </button>
        <Link to="/" className={buttonClass('secondary', 'md')}>
          <House className="size-4" aria-hidden />
          Return Home
        </Link>
      </div>
    </EmptyState>
  );
}

/** Page skeleton: same grid and boxes as the loaded page, so nothing jumps when data arrives. */
export function StreamPageSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <div className="skeleton size-10 rounded-lg" />
        <div className="flex-1">
          <div className="skeleton h-7 w-56 rounded" />
          <div className="skeleton mt-1.5 h-4 w-20 rounded" />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-5">
          <div className="skeleton aspect-video w-full rounded-2xl" />
          <div className="skeleton h-40 rounded-2xl" />
        </div>
        <div className="skeleton min-h-[420px] rounded-2xl" />
      </div>
    </div>
  );
}
