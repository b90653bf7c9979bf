import { useLocation, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { StandaloneLink } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { useProfile } from '../../features/people/api/get-profile';
import { FollowList } from '../../features/people/components/follow-list';
import { useNotice } from '../../hooks/use-notice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useRouteTitle } from '../use-route-title';

/** /users/:userId/followers and /users/:userId/following. */
export function Component() {
  const { userId = '' } = useParams();
  const side = useLocation().pathname.replace(/\/+$/, '').endsWith('/following')
    ? 'following'
    : 'followers';
  const routeTitle = useRouteTitle();
  const me = useMe();
  const profile = useProfile(userId);
  const snack = useNotice();
  if (profile.isError) throw profile.error;
  const name = profile.data?.name;
  const title = name
    ? side === 'followers'
      ? messages.people.followers.title(name)
      : messages.people.followingList.title(name)
    : routeTitle;
  useDocumentTitle(name ? title : null);
  return (
    <PageFrame
      title={title}
      subtitle={
        <StandaloneLink to={paths.profilePosts.href(userId)}>
          {messages.people.backToProfile}
        </StandaloneLink>
      }
    >
      <FollowList
        key={`${userId}/${side}`}
        userId={userId}
        side={side}
        viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
        notify={snack.show}
      />
      {snack.element}
    </PageFrame>
  );
}
