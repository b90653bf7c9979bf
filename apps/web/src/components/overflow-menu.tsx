import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { LazyMenu } from './lazy-mui';
import { useMenuButton } from './use-menu-button';

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
  const menu = useMenuButton();
  if (items.length === 0) return null;

  return (
    <>
      <IconButton aria-label={label} {...menu.triggerProps} sx={{ width: 44, height: 44 }}>
        <MoreHorizIcon />
      </IconButton>
      <LazyMenu
        {...menu.menuProps}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.label}
            aria-haspopup={item.opensDialog ? 'dialog' : undefined}
            onClick={() => {
              menu.close();
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
