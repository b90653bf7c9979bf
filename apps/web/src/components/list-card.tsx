import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlaylistPlayIcon from '@mui/icons-material/FormatListNumbered';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CamelCased, List } from '@ekispot/shared';
import { messages } from '../config/messages';
import { paths } from '../config/paths';
import { imageUrl } from '../lib/image-url';
import { formatJapanDate } from '../lib/japan-time';

const text = messages.lists;
const COVER_HEIGHT = 120;

/**
 * A list in a grid (list timelines, a profile's lists tab): its cover (the first photo among
 * its items), title, owner, item count and whether it is private; the card is one link.
 */
export function ListCard({ list }: { list: CamelCased<List> }) {
  return (
    <Card variant="outlined" component="article" sx={{ height: '100%' }}>
      <CardActionArea href={paths.list.href(list.id)} sx={{ height: '100%' }}>
        <Box
          sx={{
            height: COVER_HEIGHT,
            bgcolor: 'grey.200',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {list.cover ? (
            <Box
              component="img"
              src={imageUrl(list.cover.id, 'thumb')}
              alt={text.coverAlt(list.title)}
              loading="lazy"
              decoding="async"
              sx={{ width: '100%', height: COVER_HEIGHT, objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <PlaylistPlayIcon color="disabled" fontSize="large" aria-label={text.noCover} />
          )}
        </Box>
        <Stack spacing={0.5} sx={{ p: 1.5, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
            {list.title}
          </Typography>
          {list.description ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {list.description}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary">
              {list.user.name}・{text.itemCount(list.itemCount)}・
              {text.updatedAt(formatJapanDate(list.updatedAt))}
            </Typography>
            {list.isPublic ? null : (
              <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', flexShrink: 0 }}>
                <LockOutlinedIcon sx={{ fontSize: 14 }} aria-hidden="true" />
                <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
                  {text.private}
                </Typography>
              </Stack>
            )}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
