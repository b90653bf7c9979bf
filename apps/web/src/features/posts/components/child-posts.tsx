import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import type { PostView } from '../api/get-post';
import { usePosts } from '../api/get-posts';
import { PostCard } from './post-card';

const text = messages.posts.children;

/**
 * Photos and events attached to a spot (or photos of an event), with buttons to add more.
 * The create pages ask visitors to log in.
 */
export function ChildPosts({ post }: { post: PostView }) {
  const children = usePosts({ parentPostId: post.id });
  const items = children.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = 'child-posts-heading';

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}
      >
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          {text.heading(post.childCount)}
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
      {children.isPending ? (
        <Skeleton variant="rounded" height={88} />
      ) : children.isError ? (
        <Alert severity="error">{messages.posts.unexpected}</Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{text.empty}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
          }}
        >
          {items.map((child) => (
            <li key={child.id}>
              <PostCard post={child} />
            </li>
          ))}
        </Box>
      )}
      {children.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 1.5 }}>
          <Button
            variant="outlined"
            onClick={() => void children.fetchNextPage()}
            disabled={children.isFetchingNextPage}
          >
            {children.isFetchingNextPage
              ? messages.posts.comments.loadingMore
              : messages.posts.comments.more}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
