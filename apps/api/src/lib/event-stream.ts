import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Browsers reconnect after this long when a stream drops (the `retry:` hint sent first). */
export const STREAM_RETRY_MS = 3_000;
/** When an instance shuts down, its streams ask browsers to reconnect (elsewhere) this soon. */
export const STREAM_DRAIN_RETRY_MS = 250;
/** When an instance holds all the streams it may (OPEN_STREAMS_MAX), `Retry-After` in seconds. */
export const STREAMS_FULL_RETRY_S = 30;

export interface EventStream {
  body: PassThrough;
  /** Writes one event (`data` as JSON); nothing once the stream has ended. */
  send(event: string, data: unknown, id?: string): void;
  /** Ends the stream, asking the browser to reconnect soon: at shutdown it lands elsewhere. */
  end(): void;
  readonly closed: boolean;
}

/**
 * The plumbing of a Server-Sent Events answer, shared by every stream of the API
 * (docs/notifications.md#live-stream): the `retry:` hint first, a comment line every
 * `heartbeatMs` so proxies keep the connection, the headers, and an end that tells the browser
 * to come back within a quarter of a second. `onClose` runs once, whoever ends the stream.
 * The stream registers with `app.onDrain`, so shutdown ends it at once
 * (docs/deploy.md#graceful-shutdown).
 */
export function openEventStream(
  app: FastifyInstance,
  options: { heartbeatMs: number; onClose: () => void },
): EventStream {
  const body = new PassThrough();
  let closed = false;
  const write = (chunk: string) => {
    if (!closed) body.write(chunk);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    forget();
    body.end();
    options.onClose();
  };
  const end = () => {
    write(`retry: ${STREAM_DRAIN_RETRY_MS}\n\n`);
    close();
  };
  const forget = app.onDrain(end);
  body.on('close', close);
  write(`retry: ${STREAM_RETRY_MS}\n\n`);

  return {
    body,
    send: (event, data, id) =>
      write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    end,
    get closed() {
      return closed;
    },
  };
}

/** Sends an event stream as the answer, with the headers that keep proxies from buffering it. */
export function replyWithStream(reply: FastifyReply, stream: EventStream) {
  return reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'private, no-cache, no-transform')
    .header('X-Accel-Buffering', 'no')
    .send(stream.body);
}
