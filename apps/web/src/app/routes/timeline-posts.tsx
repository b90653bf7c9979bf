import Stack from '@mui/material/Stack';
import { useLocation } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { StandaloneLink } from '../../components/router-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { TrendingTags } from '../../features/search/components/trending-tags';
import { PostTimeline } from '../../features/timelines/components/post-timeline';
import { useRouteTitle } from '../use-route-title';

/** /timeline/post/all (open) and /timeline/post/follow (members): the post timelines. */
export function Component() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const { data: user } = useMe();
  const scope = pathname.startsWith(paths.timelinePostFollow.path) ? 'follow' : 'all';
  return (
    <PageFrame
      title={title}
      subtitle={
        <StandaloneLink to={paths.timelineListAll.href()}>
          {messages.lists.timeline.lists}
        </StandaloneLink>
      }
    >
      <Stack spacing={2}>
        <TrendingTags />
        <PostTimeline key={scope} scope={scope} signedIn={Boolean(user)} />
      </Stack>
    </PageFrame>
  );
}
