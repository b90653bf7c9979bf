import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isHashtagName, normalizeHashtag } from '@ekispot/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messages } from '../../../config/messages';
import { paths, type SearchTab } from '../../../config/paths';
import { usePostSearch, useStationSearch, useUserSearch } from '../api/search-api';
import { useRecentSearches } from '../hooks/recent-searches';
import { SearchHits } from './search-hits';
import { TrendingTags } from './trending-tags';

const TABS: SearchTab[] = ['stations', 'posts', 'tags', 'users'];
const text = messages.search;

interface SearchPageProps {
  q: string;
  tab: SearchTab;
  /** Moves to another query or tab (the address keeps both, so the page can be shared). */
  go: (q: string, tab: SearchTab) => void;
}

function StationResults({ q }: { q: string }) {
  const found = useStationSearch(q);
  if (found.isPending) return <Typography role="status">{messages.loading}</Typography>;
  if (found.isError) return <Typography role="alert">{text.loadFailed}</Typography>;
  const { items, lines } = found.data;
  if (items.length === 0 && lines.length === 0) return <Typography>{text.empty}</Typography>;
  return (
    <Stack spacing={2}>
      {items.length > 0 ? (
        <List aria-label={text.stations} dense>
          {items.map((station) => (
            <ListItemButton
              key={station.id}
              href={paths.station.href(station.id)}
              sx={{ minHeight: 44 }}
            >
              <ListItemText
                primary={station.name}
                secondary={[
                  station.prefecture.name,
                  ...station.lines.map((line) => line.name),
                ].join('・')}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
      {lines.length > 0 ? (
        <List aria-label={text.lines} dense>
          {lines.map((line) => (
            <ListItemButton key={line.id} href={paths.line.href(line.id)} sx={{ minHeight: 44 }}>
              <ListItemText primary={line.name} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

function UserResults({ q }: { q: string }) {
  const found = useUserSearch(q);
  if (found.isPending) return <Typography role="status">{messages.loading}</Typography>;
  if (found.isError) return <Typography role="alert">{text.loadFailed}</Typography>;
  if (found.data.items.length === 0) return <Typography>{text.empty}</Typography>;
  return (
    <List aria-label={text.tabs.users} dense>
      {found.data.items.map((user) => (
        <ListItemButton
          key={user.id}
          href={paths.profilePosts.href(user.id)}
          sx={{ minHeight: 44 }}
        >
          <ListItemText primary={user.name} />
        </ListItemButton>
      ))}
    </List>
  );
}

function TagResults({ q }: { q: string }) {
  const tag = normalizeHashtag(q.trim());
  return (
    <Stack spacing={2}>
      {isHashtagName(tag) ? (
        <Button
          href={paths.tag.href(tag)}
          variant="outlined"
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        >
          {text.tagSearch(tag)}
        </Button>
      ) : (
        <Typography>{text.noTag}</Typography>
      )}
      <TrendingTags />
    </Stack>
  );
}

function PostResults({ q }: { q: string }) {
  return <SearchHits query={usePostSearch(q)} testId="search-posts" />;
}

/**
 * /search?q=&tab= — one box for stations and lines, posts, tags and members, with a tab for
 * each (arrow keys move between tabs, each tab names its panel). Recent searches stay on this
 * device only.
 */
export function SearchPage({ q, tab, go }: SearchPageProps) {
  const [draft, setDraft] = useState(q);
  const recent = useRecentSearches();
  const fieldId = useId();
  const { remember } = recent;
  useEffect(() => setDraft(q), [q]);
  useEffect(() => {
    if (q.trim()) remember(q);
  }, [q, remember]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(draft.trim(), tab);
  };
  const panelId = (value: SearchTab) => `${fieldId}-panel-${value}`;
  const tabId = (value: SearchTab) => `${fieldId}-tab-${value}`;
  return (
    <Stack spacing={2}>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          id={fieldId}
          label={text.fieldLabel}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoFocus={!q}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
        />
        <Button type="submit" variant="contained" sx={{ minHeight: 44, flexShrink: 0 }}>
          {text.submit}
        </Button>
      </Box>
      {q ? (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: SearchTab) => go(q, value)}
            aria-label={text.tabsLabel}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {TABS.map((value) => (
              <Tab
                key={value}
                value={value}
                label={text.tabs[value]}
                id={tabId(value)}
                aria-controls={panelId(value)}
                sx={{ minHeight: 44 }}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
            {tab === 'stations' ? <StationResults q={q} /> : null}
            {tab === 'posts' ? <PostResults q={q} /> : null}
            {tab === 'tags' ? <TagResults q={q} /> : null}
            {tab === 'users' ? <UserResults q={q} /> : null}
          </Box>
        </>
      ) : (
        <Stack spacing={2}>
          <Typography>{text.prompt}</Typography>
          {recent.items.length > 0 ? (
            <Box component="section" aria-label={text.recent}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {text.recent}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {text.recentNote}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
                {recent.items.map((item) => (
                  <Chip
                    key={item}
                    label={item}
                    onClick={() => go(item, tab)}
                    sx={{ minHeight: 44 }}
                  />
                ))}
              </Box>
              <Button onClick={recent.clear} sx={{ minHeight: 44 }}>
                {text.clearRecent}
              </Button>
            </Box>
          ) : null}
          <TrendingTags />
        </Stack>
      )}
    </Stack>
  );
}
