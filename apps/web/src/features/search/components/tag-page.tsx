import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useSetTagFollow, useTag, useTagPosts } from '../api/search-api';
import { SearchHits } from './search-hits';

const text = messages.tags;

/** The follow button: members follow or stop following; a visitor is sent to log in first. */
function TagFollowButton({
  tag,
  followed,
  signedIn,
}: {
  tag: string;
  followed: boolean;
  signedIn: boolean;
}) {
  const setFollow = useSetTagFollow(tag);
  if (!signedIn)
    return (
      <Button
        href={paths.login.href(paths.tag.href(tag))}
        variant="outlined"
        sx={{ minHeight: 44 }}
      >
        {text.followLogin}
      </Button>
    );
  return (
    <Button
      variant={followed ? 'outlined' : 'contained'}
      aria-pressed={followed}
      disabled={setFollow.isPending}
      onClick={() => setFollow.mutate(!followed)}
      sx={{ minHeight: 44 }}
    >
      {followed ? text.following : text.follow}
    </Button>
  );
}

/** /tag/{name}: the tag, how many posts carry it, a follow button, and its posts newest first. */
export function TagPage({ tag, signedIn }: { tag: string; signedIn: boolean }) {
  const summary = useTag(tag);
  const posts = useTagPosts(tag);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography color="text.secondary" data-testid="tag-count">
          {summary.data ? text.count(summary.data.postCount) : messages.loading}
        </Typography>
        {summary.data ? (
          <TagFollowButton tag={tag} followed={summary.data.followed} signedIn={signedIn} />
        ) : null}
      </Stack>
      {summary.data?.postCount === 0 ? <Typography>{text.empty}</Typography> : null}
      <SearchHits query={posts} testId="tag-posts" />
    </Stack>
  );
}
