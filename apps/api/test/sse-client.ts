import http from 'node:http';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Reads a Server-Sent Events stream over real HTTP, as a browser's EventSource does: `next`
 * waits for the next event of a kind (comments and retry hints are skipped).
 */
export function openSse(url: string, headers: Record<string, string>) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let request: http.ClientRequest | null = null;
  let status = 0;
  let contentType = '';

  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type'] ?? '');
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, event, data: data.join('\n') });
        }
        for (const wake of waiters.splice(0)) wake();
      });
      res.on('end', () => {
        ended = true;
        for (const wake of waiters.splice(0)) wake();
      });
      resolve();
    });
    request.on('error', reject);
  });
  let ended = false;
  let read = 0;
  /** The last reconnect delay the server asked for (`retry:`). */
  let retryMs: number | null = null;

  /** The next event of this kind after those already taken, within `timeoutMs`. */
  async function next(kind: string, timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < events.length) {
        const event = events[read]!;
        read += 1;
        if (event.event === kind) return event;
      }
      if (ended) throw new Error(`stream ended before a ${kind} event`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${kind} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    ready,
    next,
    events,
    status: () => status,
    contentType: () => contentType,
    ended: () => ended,
    retryMs: () => retryMs,
    close: () => request?.destroy(),
  };
}
