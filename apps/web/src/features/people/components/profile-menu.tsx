import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { canReport } from '../../../lib/report-target';
import type { OpenReport } from '../../../lib/report-target';
import type { ProfileView } from '../api/get-profile';
import { useSetRelation } from '../api/set-relation';

const text = messages.people;

interface ProfileMenuProps {
  profile: ProfileView;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  notify: (message: string) => void;
  /** Opens the reports feature's dialog (the page supplies it). */
  onReport?: OpenReport | undefined;
}

/**
 * 「…」: ブロック / ミュート (members, on others), 「プロフィールのリンクをコピー」 and 報告する
 * (members, on others).
 */
export function ProfileMenu({ profile, viewerId, notify, onReport }: ProfileMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const relation = useSetRelation();
  const menuId = useId();
  const titleId = useId();
  const canAct = typeof viewerId === 'string' && viewerId !== profile.id;

  const close = () => setAnchor(null);
  const change = (kind: 'block' | 'mute', on: boolean) => {
    close();
    setConfirmBlock(false);
    relation.mutate(
      { userId: profile.id, kind, on },
      {
        onSuccess: () =>
          notify(
            kind === 'block'
              ? on
                ? text.blocked(profile.name)
                : text.unblocked(profile.name)
              : on
                ? text.muted(profile.name)
                : text.unmuted(profile.name),
          ),
        onError: (error) => notify(error.message || text.actionFailed),
      },
    );
  };
  const copyLink = async () => {
    close();
    try {
      await navigator.clipboard.writeText(
        new URL(paths.profilePosts.href(profile.id), window.location.origin).toString(),
      );
      notify(text.linkCopied);
    } catch {
      notify(text.linkCopyFailed);
    }
  };

  return (
    <>
      <IconButton
        aria-label={text.menu}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreHorizIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {canAct ? (
          <MenuItem
            onClick={() => {
              if (profile.blockedByMe) change('block', false);
              else {
                close();
                setConfirmBlock(true);
              }
            }}
          >
            {profile.blockedByMe ? text.unblock : text.block}
          </MenuItem>
        ) : null}
        {canAct ? (
          <MenuItem onClick={() => change('mute', !profile.mutedByMe)}>
            {profile.mutedByMe ? text.unmute : text.mute}
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => void copyLink()}>{text.copyLink}</MenuItem>
        {onReport && canReport(viewerId, profile.id) ? (
          <MenuItem
            aria-haspopup="dialog"
            onClick={() => {
              close();
              onReport({ kind: 'user', id: profile.id });
            }}
          >
            {messages.reports.menuItem}
          </MenuItem>
        ) : null}
      </Menu>
      <Dialog open={confirmBlock} onClose={() => setConfirmBlock(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{text.blockConfirmTitle(profile.name)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text.blockConfirmBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmBlock(false)}>{text.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => change('block', true)}>
            {text.blockConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
