import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { autoLink } from '../utils/auto-link';

/**
 * User text with its line breaks kept and http(s) addresses as links. Everything is rendered
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
          segment.text
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
