import type { RouteOptions } from 'fastify';

/**
 * Hooks a plugin gives only the routes that need them, from its `onRoute` hook: a read then
 * runs none of the work that only writes need (request bodies, domain events, idempotency
 * keys), which a global hook would cost every request (docs/architecture.md#per-request-work).
 * A route-level hook runs after the global hooks of its kind.
 */
type HookName =
  'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse' | 'onRequestAbort';
type HookOf<K extends HookName> =
  NonNullable<RouteOptions[K]> extends infer H ? (H extends (infer F)[] ? F : H) : never;

export function addRouteHook<K extends HookName>(route: RouteOptions, name: K, hook: HookOf<K>) {
  const existing = route[name] as HookOf<K> | HookOf<K>[] | undefined;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route[name] = [...hooks, hook] as RouteOptions[K];
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** A route that may take a body and write: any method but GET and HEAD. */
export function isWriteRoute(route: Pick<RouteOptions, 'method'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => !READ_METHODS.has(method));
}
