import { isWebParamValid } from '@ekispot/shared';
import { Navigate, useMatches, useParams, useSearchParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ListCreate, ListUpdate } from '../../features/lists/components/list-editor';
import { PostPickerDialog } from '../../features/people/components/post-picker-dialog';
import { LazyStationPickerDialog } from '../../features/stations/components/lazy-station-picker-dialog';
import { paths } from '../../config/paths';
import { useRouteTitle } from '../use-route-title';

/**
 * /list/create, /list/update/:listId and /list/update?listId= (one title;
 * docs/lists.md#screens). The path parameter is validated by the route guard; the query's is
 * checked here (else 404). /list/update with no id at all leads to the member's own lists, to
 * pick one from.
 */
export function Component() {
  const title = useRouteTitle();
  const { listId } = useParams();
  const [search] = useSearchParams();
  const me = useMe();
  const creating = useMatches().some((match) => match.pathname === paths.listCreate.href());
  if (creating) return <ListCreate title={title} />;
  const fromQuery = search.get('listId');
  if (listId === undefined && fromQuery === null) {
    return me.data ? <Navigate to={paths.profileLists.href(me.data.id)} replace /> : null;
  }
  const id = listId ?? (fromQuery && isWebParamValid('uuid', fromQuery) ? fromQuery : null);
  return (
    <ListUpdate
      key={id}
      title={title}
      listId={id}
      viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
      renderStationPicker={(picker) => <LazyStationPickerDialog {...picker} />}
      renderPostPicker={(picker) =>
        me.data ? <PostPickerDialog {...picker} userId={me.data.id} /> : null
      }
    />
  );
}
