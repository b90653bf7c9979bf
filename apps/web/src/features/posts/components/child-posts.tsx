import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import type { PostView } from '../api/get-post';
import { usePosts } from '../api/get-posts';
import { PostGrid } from '../../../components/post-grid';

const text = messages.posts.children;

/**
 * Photos and events attached to a spot (or photos of an event), with buttons to add more.
 * The create pages ask visitors to log in.
 */
export function ChildPosts({ post }: { post: PostView }) {
  const children = usePosts({ parentPostId: post.id });
  const headingId = 'child-posts-heading';
  // Once every attached post is loaded, the heading counts what is shown (the spot's own count
  // may be older: a photo deleted a moment ago).
  const loaded = children.data?.pages.flatMap((page) => page.items);
  const count = loaded && !children.hasNextPage ? loaded.length : post.childCount;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          {text.heading(count)}
        </Typography>
        <Stack direction="row" spacing={1}>
          <RouterButton
            to={paths.postCreateImageFor.href(post.id)}
            variant="outlined"
            startIcon={<AddAPhotoIcon />}
          >
            {text.addImage}
          </RouterButton>
          {post.kind === 'spot' ? (
            <RouterButton
              to={paths.postCreateEventAt.href(post.id)}
              variant="outlined"
              startIcon={<EventIcon />}
            >
              {text.addEvent}
            </RouterButton>
          ) : null}
        </Stack>
      </Stack>
      <PostGrid query={children} empty={text.empty} />
    </Box>
  );
}
