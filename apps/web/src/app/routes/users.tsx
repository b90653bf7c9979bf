import { PageFrame } from '../../components/page-frame';
import { useMe } from '../../features/auth/api/get-me';
import { UserDirectory } from '../../features/people/components/user-directory';
import { useNotice } from '../../hooks/use-notice';
import { useRouteTitle } from '../use-route-title';

/** /users — the member directory and name search. */
export function Component() {
  const title = useRouteTitle();
  const me = useMe();
  const snack = useNotice();
  return (
    <PageFrame title={title}>
      <UserDirectory
        viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
        notify={snack.show}
      />
      {snack.element}
    </PageFrame>
  );
}
