import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { messages } from '../config/messages';

/**
 * Shown to the author of a post, comment or list that a moderator hid (`hidden: true` in the
 * API's answer, docs/moderation.md#hidden-items): nobody else sees the item any more.
 */
export function HiddenByModeratorsNotice({
  kind,
  sx,
}: {
  kind: 'post' | 'comment' | 'list';
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert severity="warning" role="status" sx={sx}>
      {messages.moderated.hidden(kind)}
    </Alert>
  );
}
