import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * Fastify gives every request a child logger bound to its id. Making one costs pino a pass of
 * the redaction paths over the bindings (`REDACTED_LOG_PATHS`, lib/log-safety.ts): about 5 % of
 * the server's CPU under a load of station reads. This factory hands the request a stand-in that
 * makes the real child only when a line at an enabled level is written, or when it is asked for
 * a child or its level; a call below the level costs nothing. At `LOG_LEVEL=info` each request's
 * own two lines make it anyway; at `warn` (docs/deploy.md#logs) a request that goes well never
 * does.
 */
export const lazyChildLogger: ChildLoggerFactory = function lazyChildLogger(
  logger,
  bindings,
  options,
) {
  const parent = logger as unknown as Logger;
  const values = parent.levels.values;
  const threshold = values[options.level ?? parent.level] ?? 0;
  let child: FastifyBaseLogger | undefined;
  const real = (): FastifyBaseLogger => (child ??= logger.child(bindings, options));
  const stand = {
    child: (more: Record<string, unknown>, moreOptions?: object) => real().child(more, moreOptions),
    isLevelEnabled: (level: string) => (values[level] ?? Infinity) >= threshold,
    silent: () => undefined,
    get level() {
      return real().level;
    },
    set level(level: string) {
      real().level = level;
    },
  } as Record<string, unknown>;
  for (const method of METHODS) {
    const enabled = (values[method] ?? 0) >= threshold;
    stand[method] = enabled
      ? (...args: unknown[]) => (real()[method] as (...a: unknown[]) => void)(...args)
      : () => undefined;
  }
  return stand as unknown as FastifyBaseLogger;
};
