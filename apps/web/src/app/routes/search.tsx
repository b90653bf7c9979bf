import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { paths, SEARCH_TABS, type SearchTab } from '../../config/paths';
import { SearchPage } from '../../features/search/components/search-page';
import { useRouteTitle } from '../use-route-title';

const asTab = (value: string | null): SearchTab =>
  SEARCH_TABS.find((tab) => tab === value) ?? 'stations';

/** /search?q=&tab= — the one search, shareable by its address (docs/search.md). */
export function Component() {
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').slice(0, 100);
  const tab = asTab(params.get('tab'));
  return (
    <PageFrame title={title}>
      <SearchPage
        q={q}
        tab={tab}
        go={(next, nextTab) => void navigate(paths.search.href(next, nextTab))}
      />
    </PageFrame>
  );
}
