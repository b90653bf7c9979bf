import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { LazyMenu } from './lazy-mui';

export interface OverflowMenuItem {
  label: string;
  onSelect: () => void;
  /** The item opens a dialog, which its role tells assistive technology. */
  opensDialog?: boolean;
}

/**
 * 「…」 beside an item (a post, a comment, a list): its less used actions in a menu. Nothing is
 * shown when the viewer has none. Choosing an item closes the menu first, so focus is back on
 * the button before a dialog opens and returns there when the dialog closes.
 */
export function OverflowMenu({ label, items }: { label: string; items: OverflowMenuItem[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  if (items.length === 0) return null;
  const open = anchor !== null;

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // Hovering or focusing fetches the menu's code, so the first press opens at once.
        onPointerEnter={LazyMenu.preload}
        onFocus={LazyMenu.preload}
        sx={{ width: 44, height: 44 }}
      >
        <MoreHorizIcon />
      </IconButton>
      <LazyMenu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.label}
            aria-haspopup={item.opensDialog ? 'dialog' : undefined}
            onClick={() => {
              setAnchor(null);
              item.onSelect();
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
