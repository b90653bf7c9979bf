import { useEffect, useRef, useState } from 'react';
import { buildApiUrl } from '../lib/api-client';

export type EventHandlers = Record<string, (data: string) => void>;

/**
 * Keeps a Server-Sent Events stream of the API open while `path` is given, calling the
 * handler named after each event with its data (`open` is called on every (re)connection). The browser reconnects by itself (and sends
 * Last-Event-ID); a stream the server refuses stays closed. Returns whether the stream is
 * open right now, so a caller can fall back to asking every little while when it is not (or
 * where the browser has no EventSource).
 */
export function useEventSource(path: string | null, handlers: EventHandlers): boolean {
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = Object.keys(handlers).sort().join(',');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (path === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(buildApiUrl(path), { withCredentials: true });
    source.addEventListener('open', () => setOpen(true));
    source.addEventListener('error', () => setOpen(source.readyState === EventSource.OPEN));
    for (const name of names.split(',')) {
      if (name)
        source.addEventListener(name, (event) => latest.current[name]?.(String(event.data)));
    }
    return () => {
      source.close();
      setOpen(false);
    };
  }, [path, names]);
  return open;
}
