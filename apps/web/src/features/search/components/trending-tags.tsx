import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useTrendingTags } from '../api/search-api';

/** 「いま話題のタグ」: the tags the most members used in the last 24 hours; nothing while none. */
export function TrendingTags() {
  const trending = useTrendingTags();
  const items = trending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="trending-tags-heading">
      <Typography
        id="trending-tags-heading"
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {messages.tags.trending}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {items.map((tag) => (
          <li key={tag.name}>
            <Chip
              component="a"
              href={paths.tag.href(tag.name)}
              clickable
              label={`#${tag.name}`}
              title={messages.tags.trendingMembers(tag.memberCount)}
              sx={{ minHeight: 44 }}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
