import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState, type MouseEvent } from 'react';
import { messages } from '../../config/messages';
import { LazyMenu, LazySnackbar } from '../lazy-mui';
import { useMenuButton } from '../use-menu-button';
import {
  absoluteUrl,
  canShareNatively,
  copyText,
  isShareCancel,
  lineShareUrl,
  xShareUrl,
  type ShareData,
} from './share-links';

const text = messages.share;

/** 44 px at every width: MUI's menu items shrink to 36 px from the `sm` breakpoint up. */
const ITEM_SX = { minHeight: { xs: 44, sm: 44 } };

/** The two services' marks as letters, in their colours: no logo files to bundle. */
function ServiceMark({ letter, colour }: { letter: string; colour: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: 24,
        height: 24,
        borderRadius: 6,
        background: colour,
        color: '#fff',
        fontSize: 12,
        fontWeight: 700,
      }}
    >
      {letter}
    </span>
  );
}

export interface ShareButtonProps {
  /** The page's title, for the share sheet. */
  title: string;
  /** What the post says besides the address (「東京駅のスタンプを押しました #えきスポ」). */
  text: string;
  /** The page's path (`paths.station.href(id)`); shared as an absolute address. */
  path: string;
  /** Where the result is said; without it the control shows its own snackbar. */
  onNotice?: ((message: string) => void) | undefined;
  /** The button's words where the page has another 「共有」 (「スタンプ帳を共有」). */
  label?: string;
}

/**
 * 「共有」 (docs/seo.md#sharing): the system share sheet on phones with the Web Share API; elsewhere,
 * or when the sheet fails for any reason but the person closing it, a menu of 「リンクをコピー」,
 * 「LINEで送る」 and 「Xでポスト」 (new tabs, no opener, no referrer).
 */
export function ShareButton({
  title,
  text: body,
  path,
  onNotice,
  label = text.share,
}: ShareButtonProps) {
  const menu = useMenuButton();
  const [ownNotice, setOwnNotice] = useState<string | null>(null);
  const notify = onNotice ?? setOwnNotice;

  const dataOf = (): ShareData => ({ title, text: body, url: absoluteUrl(path) });

  const share = async (button: HTMLElement) => {
    const data = dataOf();
    if (!canShareNatively(data)) {
      menu.openAt(button);
      return;
    }
    try {
      await navigator.share(data);
    } catch (error) {
      if (!isShareCancel(error)) menu.openAt(button);
    }
  };
  const copy = async () => {
    menu.close();
    notify((await copyText(dataOf().url)) ? text.copied : text.copyFailed);
  };

  const url = absoluteUrl(path);
  const buttonProps = {
    ...menu.triggerProps,
    // Phones share through the system sheet; the menu is the way elsewhere.
    onClick: (event: MouseEvent<HTMLElement>) => void share(event.currentTarget),
  };
  const linkProps = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

  return (
    <>
      <Button variant="text" startIcon={<ShareIcon />} sx={{ minHeight: 44 }} {...buttonProps}>
        {label}
      </Button>
      <LazyMenu
        {...menu.menuProps}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        <MenuItem onClick={() => void copy()} sx={ITEM_SX}>
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{text.copy}</ListItemText>
        </MenuItem>
        <MenuItem {...linkProps} href={lineShareUrl(url)} onClick={menu.close} sx={ITEM_SX}>
          <ListItemIcon>
            <ServiceMark letter="L" colour="#06c755" />
          </ListItemIcon>
          <ListItemText>{text.line}</ListItemText>
        </MenuItem>
        <MenuItem {...linkProps} href={xShareUrl(body, url)} onClick={menu.close} sx={ITEM_SX}>
          <ListItemIcon>
            <ServiceMark letter="X" colour="#000" />
          </ListItemIcon>
          <ListItemText>{text.x}</ListItemText>
        </MenuItem>
      </LazyMenu>
      {onNotice ? null : (
        <LazySnackbar
          open={ownNotice !== null}
          autoHideDuration={4000}
          onClose={() => setOwnNotice(null)}
          message={ownNotice}
        />
      )}
    </>
  );
}
