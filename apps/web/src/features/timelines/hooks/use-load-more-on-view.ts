import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` when the returned element scrolls into view (infinite scroll). The list's
 * 「もっと見る」 button stays as the way for keyboards, and where IntersectionObserver is missing.
 */
export function useLoadMoreOnView(loadMore: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
