import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postDisplayTitle, type CamelCased, type SearchHit } from '@ekispot/shared';
import { PostCard } from '../../../components/post-card';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { formatJapanDate } from '../../../lib/japan-time';

type Hit = CamelCased<SearchHit>;

interface HitsQuery {
  data?: { pages: readonly { items: readonly Hit[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A comment found by search: 「{title}」へのコメント, its text and author, linking to it. */
function CommentHit({ hit }: { hit: Hit }) {
  const comment = hit.comment!;
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea
        href={paths.comment.href(hit.post.id, comment.id)}
        sx={{ p: 1.5, height: '100%' }}
      >
        <Typography variant="caption" color="text.secondary" component="p">
          {messages.search.commentOn(postDisplayTitle(hit.post))}
        </Typography>
        <Typography variant="body2" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
          {comment.body}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {comment.user.name}・{formatJapanDate(comment.createdAt)}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** Posts and comments found, 20 at a time, with 「もっと見る」. */
export function SearchHits({ query, testId }: { query: HitsQuery; testId: string }) {
  if (query.isPending) return <Typography role="status">{messages.loading}</Typography>;
  if (query.isError) return <Typography role="alert">{messages.search.loadFailed}</Typography>;
  const hits = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (hits.length === 0) return <Typography>{messages.search.empty}</Typography>;
  return (
    <Stack spacing={1.5}>
      <Box
        component="ul"
        data-testid={testId}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        {hits.map((hit) => (
          <li key={hit.comment?.id ?? hit.post.id}>
            {hit.comment ? <CommentHit hit={hit} /> : <PostCard post={hit.post} />}
          </li>
        ))}
      </Box>
      {query.hasNextPage ? (
        <Button
          variant="outlined"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          sx={{ alignSelf: 'center', minHeight: 44 }}
        >
          {messages.search.more}
        </Button>
      ) : null}
    </Stack>
  );
}
