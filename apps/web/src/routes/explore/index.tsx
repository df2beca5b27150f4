import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { AllStreams } from './all-streams.tsx';
import { ExploreSearch } from './explore-search.tsx';
import { SearchResults } from './search-results.tsx';

/** Route `/explore` (spec §2): reads `?search=`; without one it lists every stream. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = (params.get('search') ?? '').trim();
  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <PageTitle icon={Compass} title={t('explore.title')} subtitle={t('explore.subtitle')} />
        </div>
        <ExploreSearch term={term} onSearch={(q) => setParams(q ? { search: q } : {})} />
      </header>
      {term ? <SearchResults key={term} term={term} /> : <AllStreams />}
    </div>
  );
}
