import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { POST_KIND_LABELS, POST_KINDS } from '@ekispot/shared';
import type { PostKind, TimelineScope } from '@ekispot/shared';
import { useMemo } from 'react';
import { Link as RouterLinkBase, useSearchParams } from 'react-router';
import { PostGrid } from '../../../components/post-grid';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { scrollTo } from '../../../lib/scroll-to';
import { useNewestTimelinePostId, useTimelinePosts } from '../api/get-timeline-posts';
import { useLoadMoreOnView } from '../hooks/use-load-more-on-view';
import { useScrollMemory } from '../hooks/use-scroll-memory';

const text = messages.timeline;

function kindsFrom(value: string | null): PostKind[] {
  const wanted = new Set((value ?? '').split(','));
  return POST_KINDS.filter((kind) => wanted.has(kind));
}

/**
 * A post timeline (docs/timelines.md): every post or the followed members', newest first,
 * filtered by kind (kept in the address, so back navigation keeps it), loading more as the
 * member scrolls, and offering newer posts with a pill instead of moving the list under them.
 */
export function PostTimeline({ scope, signedIn }: { scope: TimelineScope; signedIn: boolean }) {
  const [search, setSearch] = useSearchParams();
  const kinds = useMemo(() => kindsFrom(search.get('kinds')), [search]);
  const query = useTimelinePosts(scope, kinds);
  const firstId = query.data?.pages[0]?.items[0]?.id ?? null;
  const newestId = useNewestTimelinePostId(scope, kinds, query.isSuccess);
  const hasNewer = newestId !== undefined && newestId !== null && newestId !== firstId;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useLoadMoreOnView(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, hasNextPage);
  useScrollMemory(query.isSuccess);

  const setKinds = (next: PostKind[]) => {
    const params = new URLSearchParams(search);
    if (next.length === 0 || next.length === POST_KINDS.length) params.delete('kinds');
    else params.set('kinds', next.join(','));
    setSearch(params, { replace: true });
  };
  const toggle = (kind: PostKind) =>
    setKinds(kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]);

  const showNewer = async () => {
    await query.refetch();
    await scrollTo(0);
  };

  const kindsQuery = search.get('kinds') ? `?kinds=${search.get('kinds') ?? ''}` : '';
  const empty =
    kinds.length > 0 ? text.emptyKinds : scope === 'follow' ? text.emptyFollow : text.emptyAll;

  return (
    <Stack spacing={2}>
      <Tabs value={scope} aria-label={text.tabsLabel}>
        <Tab
          value="all"
          label={text.all}
          component={RouterLinkBase}
          to={`${paths.timelinePostAll.href()}${kindsQuery}`}
        />
        {signedIn ? (
          <Tab
            value="follow"
            label={text.follow}
            component={RouterLinkBase}
            to={`${paths.timelinePostFollow.href()}${kindsQuery}`}
          />
        ) : null}
      </Tabs>
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label={text.kindsLabel}
        sx={{ flexWrap: 'wrap' }}
      >
        <Chip
          label={text.allKinds}
          color={kinds.length === 0 ? 'primary' : 'default'}
          variant={kinds.length === 0 ? 'filled' : 'outlined'}
          onClick={() => setKinds([])}
          aria-pressed={kinds.length === 0}
        />
        {POST_KINDS.map((kind) => (
          <Chip
            key={kind}
            label={POST_KIND_LABELS[kind]}
            color={kinds.includes(kind) ? 'primary' : 'default'}
            variant={kinds.includes(kind) ? 'filled' : 'outlined'}
            onClick={() => toggle(kind)}
            aria-pressed={kinds.includes(kind)}
          />
        ))}
      </Stack>
      {hasNewer ? (
        <Box
          sx={{ position: 'sticky', top: 72, zIndex: 2, display: 'flex', justifyContent: 'center' }}
        >
          <Button
            variant="contained"
            size="small"
            startIcon={<ArrowUpwardIcon aria-hidden="true" />}
            onClick={() => void showNewer()}
            sx={{ borderRadius: 999 }}
          >
            {text.newPosts}
          </Button>
        </Box>
      ) : null}
      <div role="status" aria-live="polite" className="visually-hidden">
        {hasNewer ? text.newPosts : ''}
      </div>
      <PostGrid query={query} empty={empty} testId="timeline-posts" />
      <div ref={sentinel} aria-hidden="true" />
    </Stack>
  );
}
