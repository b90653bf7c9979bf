import { useEffect, useState } from 'react';
import type { RefCallback } from 'react';

/** How much of the element must be on screen. */
const SHOWN_SHARE = 0.25;

/**
 * Whether a quarter of an element has come on screen (once true, it stays true): for what costs
 * too much to draw before anyone looks at it. A box peeking in at the bottom edge waits for the
 * reader to scroll. Without IntersectionObserver it is true at once.
 */
export function useOnScreen<T extends Element>(): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!element || shown) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { threshold: SHOWN_SHARE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, shown]);
  return [setElement, shown];
}
