import { useEffect, useState } from 'react';
import type { RefCallback } from 'react';

/**
 * Whether an element has come within `margin` of the screen (once true, it stays true): for
 * what costs too much to draw before anyone can see it. Without IntersectionObserver it is true
 * at once.
 */
export function useNearViewport<T extends Element>(margin = '50% 0px'): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
