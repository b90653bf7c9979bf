import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { messages } from '../../../config/messages';

/** The shape of the post page while it loads, so nothing jumps when it arrives. */
export function PostDetailSkeleton() {
  return (
    <Container
      maxWidth="md"
      sx={{ py: { xs: 3, md: 5 } }}
      role="status"
      aria-busy="true"
      aria-label={messages.posts.loading}
      data-testid="post-skeleton"
    >
      <Skeleton variant="rounded" width={72} height={24} />
      <Skeleton variant="text" sx={{ fontSize: '2.4rem', mt: 1 }} width="70%" />
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', my: 2 }}>
        <Skeleton variant="circular" width={36} height={36} />
        <Skeleton variant="text" width={160} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
        }}
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
        ))}
      </Box>
      <Skeleton variant="text" sx={{ mt: 2 }} />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
    </Container>
  );
}
