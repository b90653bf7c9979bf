import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './counter-store.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Lets `@fastify/rate-limit` count through a CounterStore, so route limits share Redis
 * across instances and fall back to this process's memory like every other counter
 * (lib/counter-store.ts) instead of failing requests while Redis is gone.
 */
export function counterRateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key: string, callback: Callback, timeWindow: number) {
        counters.hit(prefix + key, timeWindow).then(
          (state) => callback(null, { current: state.count, ttl: state.resetInMs }),
          (error: unknown) => callback(asError(error)),
        );
      },
      child(routeOptions) {
        // The plugin passes the route as `routeInfo` (its types say otherwise): one count per route.
        const route =
          (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
        return store(`${prefix}${String(route.method ?? '')}${String(route.url ?? '')}:`);
      },
    };
  }
  return function CounterRateLimitStore() {
    return store('rl:');
  } as unknown as FastifyRateLimitStoreCtor;
}
