import PhotoIcon from '@mui/icons-material/Photo';
import { POST_KIND_LABELS } from '@ekispot/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { buildApiUrl } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { eventStatus, formatEventStart, formatJapanDay } from '../../../lib/japan-time';
import type { StationPost } from '../api/get-station-posts';

const THUMB_SIZE = 96;

/** A post on the station page: first photo, kind, title, event start, author; one link. */
export function StationPostCard({ post }: { post: StationPost }) {
  const image = post.images[0];
  const kindLabel = POST_KIND_LABELS[post.kind];
  const status = post.kind === 'event' ? eventStatus(post.startsAt, post.endsAt) : null;
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
              src={buildApiUrl(`/image/${encodeURIComponent(image.id)}`, { size: 'thumb' })}
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
          <Stack direction="row" spacing={0.5}>
            <Chip size="small" label={kindLabel} />
            {status ? (
              <Chip
                size="small"
                variant="outlined"
                color={status === 'ended' ? 'default' : 'primary'}
                label={messages.eventStatus[status]}
              />
            ) : null}
          </Stack>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {post.title || messages.stationPosts.posts.untitled(kindLabel)}
          </Typography>
          {post.kind === 'event' ? (
            <Typography variant="body2">{formatEventStart(post.startsAt)}</Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary" noWrap>
            {post.user.name}・{formatJapanDay(post.createdAt)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
