import EventIcon from '@mui/icons-material/Event';
import TrainIcon from '@mui/icons-material/Train';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postDisplayTitle as sharedPostDisplayTitle } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { formatEventPeriod, formatJapanDateTime } from '../../../lib/japan-time';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { usePost } from '../api/get-post';
import type { PostView } from '../api/get-post';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNotice } from '../../../hooks/use-notice';
import { ChildPosts } from './child-posts';
import { CommentsSection } from './comments-section';
import { LinkifiedText } from './linkified-text';
import { PostDetailSkeleton } from './post-detail-skeleton';
import { PostGallery } from './post-gallery';
import { PostKindChips } from '../../../components/post-kind-chips';
import { PostOwnerActions } from './post-owner-actions';
import { PostReactions } from './post-reactions';
import { ShareButton } from '../../../components/share/share-button';
import { OverflowMenu } from '../../../components/overflow-menu';
import { canReport } from '../../../lib/report-target';
import type { OpenReport } from '../../../lib/report-target';
import { UserChip } from './user-chip';
import { BackLink } from '../../../components/back-link';
import { HiddenByModeratorsNotice } from '../../../components/hidden-by-moderators';
import { OfflineView } from '../../../components/offline';
import { isWaitingForNetwork } from '../../../lib/online-status';

export interface PostPlace {
  lat: number;
  lng: number;
  /** What the map shows, for its accessible name. */
  label: string;
}

interface PostDetailProps {
  postId: string;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  /** Draws the small map of the post's place (the page supplies the map component). */
  renderMap?: (place: PostPlace) => ReactNode;
  /** Beside the author (the page supplies the follow button). */
  renderAuthorAction?: (author: PostView['user']) => ReactNode;
  /** More actions beside the reactions (the page supplies 「リストに追加」). */
  renderActions?: (post: PostView, onNotice: (message: string) => void) => ReactNode;
  /** 「報告する」 on the post and its comments (the page supplies the reports feature's dialog). */
  onReport?: OpenReport;
}

/** The post's title, or for an untitled photo 「{station}駅の写真」 / 「{parent}の写真」. */
export function postDisplayTitle(
  post: Pick<PostView, 'title' | 'kind'> & Partial<Pick<PostView, 'station' | 'parent'>>,
): string {
  return sharedPostDisplayTitle(post);
}

/** /post/:postId — the whole post, its reactions, attached posts and comments. */
export function PostDetail({
  postId,
  viewerId,
  renderMap,
  renderAuthorAction,
  renderActions,
  onReport,
}: PostDetailProps) {
  const post = usePost(postId);
  usePrimaryLoading(post.isPending);
  const notice = useNotice();
  useDocumentTitle(post.data ? postDisplayTitle(post.data) : null);

  // The route's error boundary shows the 404 page for an ApiError 404, else the 500 page.
  if (post.isError) throw post.error;
  if (isWaitingForNetwork(post)) return <OfflineView onRetry={() => void post.refetch()} />;
  if (post.isPending) return <PostDetailSkeleton />;

  const data = post.data;
  const title = postDisplayTitle(data);
  const mine = viewerId !== null && viewerId !== undefined && viewerId === data.user.id;
  const edited = data.updatedAt !== data.createdAt;

  // Without an in-app past: the spot it belongs to, its station, else the timeline.
  const parentHref = data.parent
    ? paths.post.href(data.parent.id)
    : data.station
      ? paths.station.href(data.station.id)
      : paths.timelinePostAll.href();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <BackLink fallback={parentHref} />
      <Box component="article" aria-labelledby="post-title">
        {data.hidden ? <HiddenByModeratorsNotice kind="post" sx={{ mb: 2 }} /> : null}
        <Box component="header" sx={{ mb: 2 }}>
          <PostKindChips
            kind={data.kind}
            startsAt={data.startsAt}
            endsAt={data.endsAt}
            size="medium"
          />
          <Typography
            id="post-title"
            component="h1"
            variant="h4"
            sx={{ fontWeight: 700, mt: 1, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          <Box
            sx={{
              mt: 1.5,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
            }}
          >
            <UserChip
              user={data.user}
              meta={
                <>
                  <time dateTime={data.createdAt}>
                    {messages.posts.postedAt(formatJapanDateTime(data.createdAt))}
                  </time>
                  {edited ? messages.posts.edited : null}
                  {data.imported ? messages.posts.imported : null}
                </>
              }
            />
            {renderAuthorAction?.(data.user)}
          </Box>
        </Box>

        <PostGallery images={data.images} title={title} />

        {data.kind === 'event' && data.startsAt ? (
          <Paper
            variant="outlined"
            sx={{ p: 2, mt: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}
          >
            <EventIcon color="secondary" aria-hidden="true" />
            <div>
              <Typography variant="caption" color="text.secondary" component="p">
                {messages.posts.eventPeriod}
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="event-period">
                {formatEventPeriod(data.startsAt, data.endsAt)}
              </Typography>
            </div>
          </Paper>
        ) : null}

        {data.body ? (
          <Box sx={{ mt: 2 }}>
            <LinkifiedText text={data.body} />
          </Box>
        ) : null}

        <PostPlaceLinks post={data} />

        {renderMap && data.lat !== null && data.lng !== null ? (
          <Paper
            variant="outlined"
            sx={{ mt: 2, height: 240, overflow: 'hidden', position: 'relative' }}
          >
            {renderMap({ lat: data.lat, lng: data.lng, label: messages.posts.map(title) })}
          </Paper>
        ) : null}

        <Stack
          direction="row"
          role="group"
          aria-label={messages.posts.reactions.group}
          sx={{ mt: 3, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          <PostReactions post={data} viewerId={viewerId} onError={notice.show} />
          {renderActions?.(data, notice.show)}
          <Box sx={{ flex: 1 }} />
          <ShareButton
            title={title}
            text={messages.share.texts.post(title)}
            path={paths.post.href(data.id)}
            onNotice={notice.show}
          />
          {mine ? <PostOwnerActions post={data} onError={notice.show} /> : null}
          <OverflowMenu
            label={messages.posts.menu}
            items={
              onReport && canReport(viewerId, data.user.id)
                ? [
                    {
                      label: messages.reports.menuItem,
                      opensDialog: true,
                      onSelect: () => onReport({ kind: 'post', id: data.id }),
                    },
                  ]
                : []
            }
          />
        </Stack>
      </Box>

      {data.kind !== 'image' ? (
        <>
          <Divider sx={{ my: 4 }} />
          <ChildPosts post={data} />
        </>
      ) : null}

      <Divider sx={{ my: 4 }} />
      <CommentsSection
        postId={data.id}
        postOwnerId={data.user.id}
        commentCount={data.commentCount}
        viewerId={viewerId}
        onError={notice.show}
        onReport={onReport}
      />
      {notice.element}
    </Container>
  );
}

/** The station and the spot the post belongs to. */
function PostPlaceLinks({ post }: { post: PostView }) {
  if (!post.station && !post.parent) return null;
  return (
    <Box
      component="dl"
      sx={{
        mt: 2,
        mb: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 2,
        rowGap: 0.5,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0 },
      }}
    >
      {post.station ? (
        <>
          <dt>
            <TrainIcon fontSize="small" aria-hidden="true" sx={{ verticalAlign: 'text-bottom' }} />{' '}
            {messages.posts.station}
          </dt>
          <dd>
            <RouterLink to={paths.station.href(post.station.id)}>
              {messages.posts.stationName(post.station.name)}
            </RouterLink>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {post.station.prefectureName}
            </Typography>
          </dd>
        </>
      ) : null}
      {post.parent ? (
        <>
          <dt>{messages.posts.kindLabel(post.parent.kind)}</dt>
          <dd>
            <RouterLink to={paths.post.href(post.parent.id)}>
              {postDisplayTitle(post.parent)}
            </RouterLink>
          </dd>
        </>
      ) : null}
    </Box>
  );
}
