import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileTab, TabHidden } from '@ekispot/shared';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { ListGrid } from '../../../components/list-grid';
import { PostGrid } from '../../../components/post-grid';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { formatJapanDate } from '../../../lib/japan-time';
import { useListTab, usePostTab, useStationTab } from '../api/get-profile-tab';
import type { PostTab } from '../api/get-profile-tab';

const text = messages.people;

/** What a tab shows instead of its items when they are not for this viewer. */
function HiddenNotice({ hidden }: { hidden: Exclude<TabHidden, null> }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', color: 'text.secondary', py: 2 }}
    >
      {hidden === 'private' ? <LockOutlinedIcon fontSize="small" aria-hidden="true" /> : null}
      <Typography>{hidden === 'private' ? text.hiddenPrivate : text.hiddenBlocked}</Typography>
    </Stack>
  );
}

function hiddenOf(data: { pages: readonly { hidden: TabHidden }[] } | undefined): TabHidden {
  return data?.pages[0]?.hidden ?? null;
}

function PostTabContent({ userId, tab }: { userId: string; tab: PostTab }) {
  const query = usePostTab(userId, tab);
  const hidden = hiddenOf(query.data);
  if (hidden) return <HiddenNotice hidden={hidden} />;
  return <PostGrid query={query} empty={text.empty[tab]} testId={`profile-${tab}`} />;
}

const ROW_SX = { p: 1.5, display: 'flex', justifyContent: 'space-between', gap: 2 } as const;
const LIST_SX = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

function StationTabContent({ userId }: { userId: string }) {
  const query = useStationTab(userId);
  const hidden = hiddenOf(query.data);
  if (hidden) return <HiddenNotice hidden={hidden} />;
  return (
    <PagedQueryState
      text={messages.people}
      query={query}
      empty={text.empty['want-to-visit-stations']}
      label={text.stationsLabel}
    >
      {(items) => (
        <Box component="ul" sx={LIST_SX}>
          {items.map((station) => (
            <Paper component="li" key={station.id} variant="outlined" sx={ROW_SX}>
              <RouterLink to={paths.station.href(station.id)} sx={{ fontWeight: 700 }}>
                {station.name}駅
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {station.prefectureName}
                </Typography>
              </RouterLink>
              <Typography variant="caption" color="text.secondary">
                {text.wantedAt(formatJapanDate(station.wantedAt))}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </PagedQueryState>
  );
}

/** A member's lists; on their own profile, with 「リストを作成」 (a new member's first step too). */
function ListTabContent({ userId, mine }: { userId: string; mine: boolean }) {
  const query = useListTab(userId);
  const hidden = hiddenOf(query.data);
  if (hidden) return <HiddenNotice hidden={hidden} />;
  return (
    <>
      {mine ? (
        <Box sx={{ mb: 2 }}>
          <RouterButton to={paths.listCreate.href()} variant="contained" startIcon={<AddIcon />}>
            {text.createList}
          </RouterButton>
        </Box>
      ) : null}
      <ListGrid
        query={query}
        empty={mine ? text.empty.ownLists : text.empty.lists}
        label={text.counts.lists}
      />
    </>
  );
}

/** The current tab's items, paged, with loading, empty, error+retry and 「もっと見る」. */
export function ProfileTabContent({
  userId,
  tab,
  mine = false,
}: {
  userId: string;
  tab: ProfileTab;
  /** The viewer's own profile. */
  mine?: boolean;
}) {
  switch (tab) {
    case 'want-to-visit-stations':
      return <StationTabContent userId={userId} />;
    case 'lists':
      return <ListTabContent userId={userId} mine={mine} />;
    case 'stamps':
      // The stamp book belongs to the stamps feature: the page passes it in (app/routes/profile.tsx).
      return null;
    default:
      return <PostTabContent userId={userId} tab={tab} />;
  }
}
