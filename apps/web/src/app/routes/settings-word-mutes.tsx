import { PageFrame } from '../../components/page-frame';
import { WordMutesSettings } from '../../features/search/components/word-mutes-settings';
import { useNotice } from '../../hooks/use-notice';
import { useRouteTitle } from '../use-route-title';

/** /settings/mutes — the member's word mutes (docs/search.md#word-mutes). */
export function Component() {
  const title = useRouteTitle();
  const snack = useNotice();
  return (
    <PageFrame title={title}>
      <WordMutesSettings notify={snack.show} />
      {snack.element}
    </PageFrame>
  );
}
