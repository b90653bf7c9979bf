import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { RouterLink } from '../router-link';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The pages a takedown request can name, each showing one item: a post, a comment, a member (the
 * profile, its tabs, the follow lists) or a list (docs/moderation.md#takedown-requests).
 */
const ITEM_PAGE = new RegExp(
  `^/(post/${UUID}(/comment/${UUID})?|list/${UUID}|profile/${UUID}(/.*)?|users/${UUID}/(followers|following))/?$`,
  'i',
);

/** The page on screen when a takedown request could name it, for the form to fill in. */
export function takedownPagePath(pathname: string): string | undefined {
  return ITEM_PAGE.test(pathname) ? pathname : undefined;
}

export function AppFooter() {
  const { pathname } = useLocation();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 3, px: 2, bgcolor: 'background.paper' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'center', alignItems: 'center' }}
      >
        <Box
          component="nav"
          aria-label={messages.footer.footerNav}
          // Three links wrap on a 320 px phone; each is a 44 px target.
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            columnGap: 2,
            '& a': { minHeight: 44, display: 'inline-flex', alignItems: 'center' },
          }}
        >
          <RouterLink to={paths.privacy.href()} color="text.primary">
            {messages.footer.privacy}
          </RouterLink>
          <RouterLink to={paths.service.href()} color="text.primary">
            {messages.footer.service}
          </RouterLink>
          {/* From a post, comment, member or list, the form starts with that page's URL. */}
          <RouterLink to={paths.takedown.href(takedownPagePath(pathname))} color="text.primary">
            {messages.footer.takedown}
          </RouterLink>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {messages.footer.credit}
          <Link
            href="https://ekidata.jp/"
            target="_blank"
            rel="noopener noreferrer"
            color="text.secondary"
          >
            {messages.footer.creditName}
          </Link>
          {' ・ © '}
          {messages.appName}
        </Typography>
      </Stack>
    </Box>
  );
}
