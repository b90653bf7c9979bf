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
  const { preload, loaded } = singleLoad(load);

  function WhenOpen(props: P): JSX.Element | null {
    const open = isOpen(props);
    const [component, setComponent] = useState<{ current: ComponentType<P> } | null>(() => {
      const ready = loaded();
      return open && ready ? { current: ready } : null;
    });
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
    const Component = component?.current ?? (open ? loaded() : null);
    return Component ? <Component {...props} /> : null;
  }
  /** For event handlers: a failure here is simply tried again on open. */
  const warm = () => {
    preload().catch(() => undefined);
  };
  return Object.assign(WhenOpen, { preload: warm });
}

/**
 * One download shared by every caller, remembered once it arrived (`loaded`); a failed one is
 * forgotten, so the next call tries again.
 */
export function singleLoad<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    preload: () => {
      pending ??= load().then(
        (result) => (value = result),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
