import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { REDACTED_LOG_PATHS, redactUrl, serializeError, serializeRequest } from './log-safety.js';

/**
 * The server's log: one JSON object per line on stdout (docs/deploy.md#logs).
 *
 * Two loggers share one output. The app's own lines (warnings, errors, start-up) go through
 * `appLogOptions`, whose redaction censors secret fields at any depth: what a developer passes
 * there is not known in advance. The line each request writes when it is answered goes through
 * a logger without redaction, because it is built here from a fixed set of fields that can hold
 * no secret (method, path with its mail-link token taken out, status, time, request id): at the
 * default `info` level it is written for every request, and a pass of the deep redaction paths
 * over it cost more than the request's own work (docs/benchmarks.md#compared-with-a-bare-server).
 */

export interface LogOutput {
  stream: DestinationStream;
  /** Writes out what is still buffered; called once the server has stopped. */
  flush(): void;
}

/**
 * Standard output through an asynchronous buffer: a line costs a copy into memory, and the
 * lines gathered while one write is under way leave together in the next. pino also flushes
 * it when the process exits; `flush` does it on a graceful stop. `stream` (tests) replaces it.
 */
export function createLogOutput(stream?: { write(line: string): void }): LogOutput {
  if (stream) return { stream, flush: () => {} };
  const destination = pino.destination({ dest: 1, sync: false });
  return { stream: destination, flush: () => destination.flushSync() };
}

/** The app logger's options: secrets censored however deep, errors and requests made safe. */
export function appLogOptions(level: string): LoggerOptions {
  return {
    level,
    // No secret reaches the log: named fields are censored on every line, failed queries lose
    // their parameters, and mail-link tokens leave request URLs (lib/log-safety.ts).
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
  };
}

/** Rounded to a tenth of a millisecond: finer figures are noise in a log line. */
function milliseconds(elapsed: number): number {
  return Math.round(elapsed * 10) / 10;
}

/**
 * What Fastify writes about each request: nothing when it arrives, one `request completed` line
 * when it is answered, and Fastify's own error lines (through the app logger) otherwise. A
 * route's `logLevel` above `info` (the health checks) keeps its requests out.
 */
export class RequestLogController extends LogController {
  readonly #lines: Logger;

  constructor(lines: Logger) {
    super();
    this.#lines = lines;
  }

  override incomingRequest(): void {}

  /** Whether a route's own `logLevel` lets `info` lines through. */
  #atInfo(level: string): boolean {
    const values = this.#lines.levels.values;
    return (values[level] ?? Infinity) <= values.info!;
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const routeLevel = request.routeOptions.logLevel;
    if (routeLevel && !this.#atInfo(routeLevel)) return;
    this.#lines.info(
      {
        reqId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: milliseconds(reply.elapsedTime),
      },
      'request completed',
    );
  }
}

/** The request-line controller, writing to `output` at `level`. */
export function requestLogController(level: string, output: LogOutput): RequestLogController {
  return new RequestLogController(pino({ level }, output.stream));
}
