import { BookOpen, Radio } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';

/** Closing call to action of the home page (spec §2). */
export function ClosingCta() {
  return (
    <section className="relative overflow-hidden rounded-3xl border border-brand/25 bg-gradient-to-br from-brand/15 via-surface to-surface px-6 py-10 text-center sm:py-12">
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Ready to Start Streaming?</h2>
      <p className="mt-2 text-muted">Connect your wallet to get started</p>
      <div className="mt-6 flex flex-col justify-center gap-3 min-[420px]:flex-row">
        <Link to="/start-streaming" className={buttonClass('primary', 'lg')}>
          <Radio className="size-5" aria-hidden />
          Start Streaming
        </Link>
        <Link to="/how-to-stream" className={buttonClass('secondary', 'lg')}>
          <BookOpen className="size-5" aria-hidden />
          How to Stream
        </Link>
      </div>
    </section>
  );
}
