import PhotoIcon from '@mui/icons-material/Photo';
import TrainIcon from '@mui/icons-material/Train';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POST_KIND_LABELS } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { imageUrl } from '../../../lib/image-url';
import { formatEventPeriod } from '../../../lib/japan-time';
import type { ListItemView } from '../api/get-list-items';
import { itemName } from '../utils/item-name';

const text = messages.lists.detail;
const THUMB = 72;

/** One item on the list page: its number, a station card or a post card, and its note. */
export function ListItemEntry({ item }: { item: ListItemView }) {
  const href = item.station
    ? paths.station.href(item.station.id)
    : paths.post.href(item.post?.id ?? '');
  const image = item.post?.image ?? null;
  return (
    <Card variant="outlined" component="article" data-testid="list-item">
      <CardActionArea
        href={href}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box
          sx={{
            width: 40,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
          }}
        >
          {item.position}
        </Box>
        <Box
          sx={{
            width: THUMB,
            minHeight: THUMB,
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
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: THUMB, height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : item.station ? (
            <TrainIcon color="disabled" aria-hidden="true" />
          ) : (
            <PhotoIcon color="disabled" aria-hidden="true" />
          )}
        </Box>
        <Stack spacing={0.5} sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              label={
                item.station
                  ? messages.station.titleSuffix
                  : POST_KIND_LABELS[item.post?.kind ?? 'spot']
              }
              variant="outlined"
            />
            {item.station?.closed ? <Chip size="small" label={text.closed} /> : null}
          </Stack>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {itemName(item)}
          </Typography>
          {item.station ? (
            <Typography variant="caption" color="text.secondary">
              {item.station.prefectureName}
            </Typography>
          ) : null}
          {item.post ? (
            <Typography variant="caption" color="text.secondary" noWrap>
              {item.post.kind === 'event'
                ? `${formatEventPeriod(item.post.startsAt, item.post.endsAt)}・`
                : ''}
              {text.postBy(item.post.user.name)}
            </Typography>
          ) : null}
        </Stack>
      </CardActionArea>
      {item.note ? (
        <Box sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
              {text.note}
            </Box>
            {item.note}
          </Typography>
        </Box>
      ) : null}
    </Card>
  );
}
