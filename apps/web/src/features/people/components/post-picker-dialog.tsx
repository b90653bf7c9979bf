import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { POST_KIND_LABELS, postDisplayTitle } from '@ekispot/shared';
import { useId, useState } from 'react';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { formatJapanDate } from '../../../lib/japan-time';
import { usePostTab } from '../api/get-profile-tab';

const text = messages.people.postPicker;

/**
 * Picks one of the member's own posts or of the posts they liked (the list editor's
 * 「投稿を追加」, docs/lists.md#screens), from the same pages as their profile's tabs.
 */
export function PostPickerDialog({
  open,
  userId,
  title,
  onPick,
  onClose,
}: {
  open: boolean;
  userId: string;
  title: string;
  onPick: (post: { id: string; title: string }) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [tab, setTab] = useState<'posts' | 'liked'>('posts');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, value: 'posts' | 'liked') => setTab(value)}
        aria-label={text.tabs}
        variant="fullWidth"
      >
        <Tab value="posts" label={text.mine} />
        <Tab value="liked" label={text.liked} />
      </Tabs>
      <DialogContent dividers sx={{ p: 0, minHeight: 240 }}>
        {open ? <PostChoices key={tab} userId={userId} tab={tab} onPick={onPick} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.cancel}</Button>
      </DialogActions>
    </Dialog>
  );
}

function PostChoices({
  userId,
  tab,
  onPick,
}: {
  userId: string;
  tab: 'posts' | 'liked';
  onPick: (post: { id: string; title: string }) => void;
}) {
  const query = usePostTab(userId, tab);
  return (
    <PagedQueryState
      query={query}
      text={messages.postList}
      empty={tab === 'posts' ? text.emptyMine : text.emptyLiked}
    >
      {(posts) => (
        <List disablePadding>
          {posts.map((post) => {
            const name = postDisplayTitle(post);
            return (
              <li key={post.id}>
                <ListItemButton
                  divider
                  sx={{ minHeight: 56 }}
                  onClick={() => onPick({ id: post.id, title: name })}
                >
                  <ListItemText
                    primary={name}
                    secondary={`${POST_KIND_LABELS[post.kind]}・${post.user.name}・${formatJapanDate(post.createdAt)}`}
                    slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      )}
    </PagedQueryState>
  );
}
