import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { TakedownForm } from '../../features/takedowns/components/takedown-form';
import { useRouteTitle } from '../use-route-title';

/** /contact/takedown — 削除の申し出, open to anyone; `?url=` fills in the page asked about. */
export function Component() {
  const title = useRouteTitle();
  const [search] = useSearchParams();
  return (
    <PageFrame title={title} maxWidth="sm">
      <TakedownForm defaultUrl={search.get('url') ?? ''} />
    </PageFrame>
  );
}
