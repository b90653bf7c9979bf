import { useEffect, useState } from 'react';
import type { ComponentType, JSX } from 'react';

/**
 * A dialog, menu or snackbar whose code loads only when it first opens, so that what most
 * visits never open stays out of the first load (docs/basemap.md#first-visit). Once loaded it
 * stays mounted, so its closing transition and its state survive. `preload` starts the
 * download early (on the trigger's hover or focus) so that the first open does not wait.
 *
 * A download that fails (the connection dropped) shows nothing and is tried again on the next
 * open; nothing a page needs to report an error is loaded this way.
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Whether the props ask for it to show; `open` unless told otherwise. */
  isOpen: (props: P) => boolean = (props) => 'open' in props && Boolean(props.open),
) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function WhenOpen(props: P): JSX.Element | null {
    const open = isOpen(props);
    const [component, setComponent] = useState<{ current: ComponentType<P> } | null>(() =>
      open && loaded ? { current: loaded } : null,
    );
    useEffect(() => {
      if (!open || component) return undefined;
      let active = true;
      preload().then(
        (current) => {
          if (active) setComponent({ current });
        },
        () => undefined,
      );
      return () => {
        active = false;
      };
    }, [open, component]);
    // Opened again after another instance loaded it: no need to wait for the effect.
    const Component = component?.current ?? (open ? loaded : null);
    return Component ? <Component {...props} /> : null;
  }
  /** For event handlers: a failure here is simply tried again on open. */
  const warm = () => {
    preload().catch(() => undefined);
  };
  return Object.assign(WhenOpen, { preload: warm });
}
