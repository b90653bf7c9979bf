import { PageFrame } from '../../components/page-frame';
import { RouterLink } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { ModerationQueue } from '../../features/moderation/components/moderation-queue';
import { useRouteTitle } from '../use-route-title';

/** A link standing on its own: a thumb-sized target on a phone. */
const NAV_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/**
 * /moderation — the moderators' queue (docs/moderation.md); the route guard shows everyone
 * else the 404 page. After an action, what showed the item is refreshed by the action itself
 * (lib/write-map.ts).
 */
export function Component() {
  const title = useRouteTitle();
  return (
    <PageFrame
      title={title}
      subtitle={
        <RouterLink to={paths.moderationLog.href()} sx={NAV_LINK}>
          {messages.moderation.logLink}
        </RouterLink>
      }
    >
      <ModerationQueue />
    </PageFrame>
  );
}
