import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

type LevelValues = Record<string, number>;

/** The stand-in: its methods live on the prototype, so making one per request costs little. */
class LazyChild {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: { level?: string };
  readonly #values: LevelValues;
  readonly #threshold: number;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#values = (parent as unknown as Logger).levels.values;
    this.#threshold = this.#values[this.#options.level ?? parent.level] ?? 0;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(level: Method, args: unknown[]): void {
    if ((this.#values[level] ?? 0) < this.#threshold) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  isLevelEnabled(level: string): boolean {
    return (this.#values[level] ?? Infinity) >= this.#threshold;
  }
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
  get level(): string {
    return this.#real().level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
}

/**
 * Fastify gives every request a child logger bound to its id. Making one costs pino a pass of
 * the redaction paths over the bindings (`REDACTED_LOG_PATHS`, lib/log-safety.ts): about 5 % of
 * the server's CPU under a load of station reads. This factory hands the request a stand-in that
 * makes the real child only when a line at an enabled level is written, or when it is asked for
 * a child or its level; a call below the level costs nothing. The line each request writes when
 * it is answered does not go through it (lib/logger.ts), so a request that goes well never makes
 * one, at `info` as at `warn` (docs/deploy.md#logs).
 */
export const lazyChildLogger: ChildLoggerFactory = function lazyChildLogger(
  logger,
  bindings,
  options,
) {
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
};
