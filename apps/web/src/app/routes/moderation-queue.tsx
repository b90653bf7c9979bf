import { useQueryClient } from '@tanstack/react-query';
import { PageFrame } from '../../components/page-frame';
import { RouterLink } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { invalidateListViews } from '../../features/lists/api/query-keys';
import { ModerationQueue } from '../../features/moderation/components/moderation-queue';
import { invalidatePost, invalidatePostLists } from '../../features/posts/api/query-keys';
import { useRouteTitle } from '../use-route-title';

/** A link standing on its own: a thumb-sized target on a phone. */
const NAV_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/**
 * /moderation — the moderators' queue (docs/moderation.md); the route guard shows everyone
 * else the 404 page. After an action, what the posts and lists features cached of the item is
 * refetched when next shown.
 */
export function Component() {
  const title = useRouteTitle();
  const queryClient = useQueryClient();
  return (
    <PageFrame
      title={title}
      subtitle={
        <RouterLink to={paths.moderationLog.href()} sx={NAV_LINK}>
          {messages.moderation.logLink}
        </RouterLink>
      }
    >
      <ModerationQueue
        onActed={({ target }) => {
          if (target.kind === 'post') invalidatePost(queryClient, target.id);
          if (target.kind === 'post' || target.kind === 'comment') invalidatePostLists(queryClient);
          if (target.kind === 'list') void invalidateListViews(queryClient, target.id);
        }}
      />
    </PageFrame>
  );
}
