import { SCROLL_TO_DURATION_MS } from '@ekispot/shared';

function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls the window to `top` (px) or to an element, animating over 300 ms
 * (docs/product-rules.md#navigation).
 */
export function scrollTo(
  target: number | Element,
  { duration = SCROLL_TO_DURATION_MS, offset = 0 }: { duration?: number; offset?: number } = {},
): Promise<void> {
  const start = window.scrollY;
  const end =
    (typeof target === 'number' ? target : target.getBoundingClientRect().top + start) - offset;
  if (duration <= 0 || prefersReducedMotion()) {
    window.scrollTo(0, end);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const step = (time: number): void => {
      const progress = Math.min(1, (time - startedAt) / duration);
      window.scrollTo(0, start + (end - start) * easeInOutCubic(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
