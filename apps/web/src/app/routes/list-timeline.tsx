import { useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ListTimeline } from '../../features/lists/components/list-timeline';
import { paths } from '../../config/paths';
import { useRouteTitle } from '../use-route-title';

/** /timeline/list/all (open) and /timeline/list/follow (members; the route guard asks). */
export function Component() {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const me = useMe();
  const scope = pathname.startsWith(paths.timelineListFollow.href()) ? 'follow' : 'all';
  return <ListTimeline key={scope} scope={scope} title={title} signedIn={Boolean(me.data)} />;
}
