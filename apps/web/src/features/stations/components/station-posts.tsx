import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import EventIcon from '@mui/icons-material/Event';
import { POST_KIND_LABELS, POST_KINDS } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import { useStationPosts } from '../api/get-station-posts';
import { PostGrid } from '../../../components/post-grid';

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
        // Four short tabs: they share a phone's width instead of scrolling out of sight.
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          mb: 2,
          '& .MuiTab-root': { flex: { xs: 1, sm: 'none' }, minWidth: { xs: 0, sm: 90 }, px: 1 },
        }}
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
  return (
    <PostGrid
      query={posts}
      empty={kind ? text.emptyKind(POST_KIND_LABELS[kind]) : text.empty}
      testId="station-posts"
    />
  );
}
