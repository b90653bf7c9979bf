import Link from '@mui/material/Link';
import { messages } from '../../config/messages';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        bgcolor: 'background.paper',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {messages.header.skipToContent}
    </Link>
  );
}
