import { useId, useState, type MouseEvent } from 'react';
import { LazyMenu } from './lazy-mui';

/**
 * A button that opens a menu: the ids and ARIA that tie the two together, the anchor the menu
 * opens at, and the menu's code fetched as the pointer comes near or the button takes focus, so
 * the first press opens at once. Spread `triggerProps` on the button and `menuProps` on the
 * `LazyMenu`; `close()` from an item before what it does (focus is back on the button first).
 */
export function useMenuButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return {
    open,
    /** Opens the menu at `element` (a button whose press does something else first). */
    openAt: setAnchor,
    close,
    triggerProps: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open ? true : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
      onPointerEnter: LazyMenu.preload,
      onFocus: LazyMenu.preload,
    },
    menuProps: {
      id: menuId,
      anchorEl: anchor,
      open,
      onClose: close,
      slotProps: { list: { 'aria-labelledby': buttonId } },
    },
  };
}
