import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { splitHashtags } from '@ekispot/shared';
import { useMemo } from 'react';
import { RouterLink } from '../../../components/router-link';
import { paths } from '../../../config/paths';
import { autoLink } from '../utils/auto-link';

/** Plain text with its `#タグ` as links to the tag's page (docs/search.md#hashtags). */
function HashtagText({ text }: { text: string }) {
  const parts = useMemo(() => splitHashtags(text), [text]);
  return parts.map((part, index) =>
    part.tag ? (
      <RouterLink key={index} to={paths.tag.href(part.tag)}>
        {part.text}
      </RouterLink>
    ) : (
      part.text
    ),
  );
}

/**
 * User text with its line breaks kept, http(s) addresses and `#タグ` as links. Everything is rendered
 * as React text nodes and anchors, so markup in a post stays text.
 */
export function LinkifiedText({
  text,
  component = 'p',
}: {
  text: string;
  component?: 'p' | 'div';
}) {
  const segments = useMemo(() => autoLink(text), [text]);
  return (
    <Box
      component={component}
      sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.8 }}
    >
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <HashtagText key={index} text={segment.text} />
        ) : (
          <Link
            // Segments never reorder, so their position is a stable key.
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            {segment.text}
          </Link>
        ),
      )}
    </Box>
  );
}
