import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import EventIcon from '@mui/icons-material/Event';
import { POST_KIND_LABELS, POST_KINDS } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import { useStationPosts } from '../api/get-station-posts';
import { StationPostCard } from './station-post-card';

const text = messages.stationPosts.posts;
type Filter = PostKind | 'all';
const FILTERS: readonly Filter[] = ['all', ...POST_KINDS];

function filterLabel(filter: Filter): string {
  return filter === 'all' ? text.all : POST_KIND_LABELS[filter];
}

/** /post/create/event takes its station from `?stationGroupId=` (the event form reads it). */
export function createEventAtStationHref(stationGroupId: number): string {
  return `${paths.postCreateEvent.href()}?stationGroupId=${stationGroupId}`;
}

/** The station's posts, newest first, in tabs per kind, with buttons to post here. */
export function StationPosts({ stationGroupId }: { stationGroupId: number }) {
  const [filter, setFilter] = useState<Filter>('all');
  const headingId = 'station-posts-heading';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {text.heading}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <RouterButton
            to={paths.postCreateImage.href(stationGroupId)}
            variant="contained"
            startIcon={<AddAPhotoIcon />}
          >
            {text.postImage}
          </RouterButton>
          <RouterButton
            to={createEventAtStationHref(stationGroupId)}
            variant="outlined"
            startIcon={<EventIcon />}
          >
            {text.postEvent}
          </RouterButton>
        </Stack>
      </Stack>
      <Tabs
        value={filter}
        onChange={(_event, value: Filter) => setFilter(value)}
        aria-label={text.tabsLabel}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {FILTERS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={filterLabel(value)}
            id={`station-posts-tab-${value}`}
            aria-controls="station-posts-panel"
          />
        ))}
      </Tabs>
      <div role="tabpanel" id="station-posts-panel" aria-labelledby={`station-posts-tab-${filter}`}>
        <StationPostList
          key={filter}
          stationGroupId={stationGroupId}
          kind={filter === 'all' ? null : filter}
        />
      </div>
    </Box>
  );
}

function StationPostList({
  stationGroupId,
  kind,
}: {
  stationGroupId: number;
  kind: PostKind | null;
}) {
  const posts = useStationPosts(stationGroupId, kind);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (posts.isPending) {
    return (
      <Box
        aria-busy="true"
        aria-label={text.loading}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
      >
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  }
  if (posts.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void posts.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.failed}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Typography color="text.secondary">
        {kind ? text.emptyKind(POST_KIND_LABELS[kind]) : text.empty}
      </Typography>
    );
  }
  return (
    <>
      <Box
        component="ul"
        data-testid="station-posts"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        }}
      >
        {items.map((post) => (
          <li key={post.id}>
            <StationPostCard post={post} />
          </li>
        ))}
      </Box>
      {posts.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void posts.fetchNextPage()}
            disabled={posts.isFetchingNextPage}
          >
            {posts.isFetchingNextPage ? text.loadingMore : text.more}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
