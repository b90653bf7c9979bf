import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const KEY_PREFIX = 'ekispot:scroll:';

function readSaved(key: string): number | null {
  try {
    const value = sessionStorage.getItem(key);
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * Keeps the window's scroll position per history entry, and puts it back when the member
 * comes back to that entry (back / forward) once `ready` (the list is rendered from cache).
 */
export function useScrollMemory(ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = `${KEY_PREFIX}${location.key}`;

  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        try {
          sessionStorage.setItem(key, String(Math.round(window.scrollY)));
        } catch {
          // Storage full or refused: the position is simply not kept.
        }
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);

  useEffect(() => {
    if (!ready || navigationType !== 'POP') return;
    const saved = readSaved(key);
    if (saved !== null) window.scrollTo(0, saved);
  }, [ready, navigationType, key]);
}
