import { PageFrame } from '../../components/page-frame';
import { RouterLink } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { ModerationLog } from '../../features/moderation/components/moderation-log';
import { useRouteTitle } from '../use-route-title';

/** A link standing on its own: a thumb-sized target on a phone. */
const NAV_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/** /moderation/log — the audit log of every moderator's action; a 404 page to anyone else. */
export function Component() {
  const title = useRouteTitle();
  return (
    <PageFrame
      title={title}
      subtitle={
        <RouterLink to={paths.moderation.href()} sx={NAV_LINK}>
          {messages.moderation.queueLink}
        </RouterLink>
      }
    >
      <ModerationLog />
    </PageFrame>
  );
}
