import { UpcomingSection } from '../../features/schedules/upcoming-section.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { Hero } from './hero.tsx';
import { LiveNowSection } from './live-now-section.tsx';
import { RecentSection } from './recent-section.tsx';
import { StatCards } from './stat-cards.tsx';

/** Route `/` (spec §2). The feed asks only for what it shows: 8 live, the upcoming broadcasts (a row only when there are any), 8 recent and the
 * counts. */
export function Component() {
  return (
    <div className="space-y-10 lg:space-y-12">
      <Hero />
      <StatCards />
      <LiveNowSection />
      <UpcomingSection id="upcoming-streams" />
      <RecentSection />
      <ClosingCta />
    </div>
  );
}
