/** MUI parts that most visits never show, loaded when they first open (components/lazy-when-open.tsx). */
import { lazyWhenOpen } from './lazy-when-open';

/** MUI's Menu (with its popover, modal and transitions), loaded when a menu first opens. */
export const LazyMenu = lazyWhenOpen(() =>
  import('@mui/material/Menu').then((module) => module.default),
);

/** MUI's Snackbar, loaded when a snackbar first shows. */
export const LazySnackbar = lazyWhenOpen(() =>
  import('@mui/material/Snackbar').then((module) => module.default),
);
