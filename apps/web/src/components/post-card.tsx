import PhotoIcon from '@mui/icons-material/Photo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postDisplayTitle, WORD_MUTED_NOTICE } from '@ekispot/shared';
import { useState } from 'react';
import type { CamelCased, Post } from '@ekispot/shared';
import { messages } from '../config/messages';
import { paths } from '../config/paths';
import { imageUrl } from '../lib/image-url';
import { formatEventPeriod, formatJapanDate } from '../lib/japan-time';
import { PostKindChips } from './post-kind-chips';

const THUMB_SIZE = 88;

/**
 * A post in a list (attached posts, station tabs, a comment's post): its first photo, kind,
 * title, dates and author; the whole card is one link and fills its grid cell.
 */
export function PostCard({ post }: { post: CamelCased<Post> }) {
  const [shown, setShown] = useState(false);
  // A post holding a word the reader muted with 「たたんで表示」 (docs/search.md#word-mutes).
  if (post.wordMuted && !shown)
    return (
      <Card variant="outlined" component="article" sx={{ height: '100%' }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ p: 1.5, alignItems: 'center', justifyContent: 'space-between', height: '100%' }}
        >
          <Typography variant="body2" color="text.secondary">
            {WORD_MUTED_NOTICE}
          </Typography>
          <Button onClick={() => setShown(true)} sx={{ minHeight: 44, flexShrink: 0 }}>
            {messages.search.showMuted}
          </Button>
        </Stack>
      </Card>
    );
  const image = post.images[0];
  const title = postDisplayTitle(post);
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea
        href={paths.post.href(post.id)}
        sx={{
          display: 'flex',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          height: '100%',
        }}
      >
        <Box
          sx={{
            width: THUMB_SIZE,
            minHeight: THUMB_SIZE,
            flexShrink: 0,
            bgcolor: 'grey.200',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {image ? (
            <Box
              component="img"
              src={imageUrl(image.id, 'thumb')}
              width={image.thumbWidth}
              height={image.thumbHeight}
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: THUMB_SIZE, height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <PhotoIcon color="disabled" aria-hidden="true" />
          )}
        </Box>
        <Stack spacing={0.5} sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
          <PostKindChips kind={post.kind} startsAt={post.startsAt} endsAt={post.endsAt} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {title}
          </Typography>
          {post.kind === 'event' ? (
            <Typography variant="body2">{formatEventPeriod(post.startsAt, post.endsAt)}</Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary" noWrap>
            {post.user.name}・{formatJapanDate(post.createdAt)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
