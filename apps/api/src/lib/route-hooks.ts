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

export function addRouteHook<K extends HookName>(
  route: RouteOptions,
  name: K,
  hook: HookOf<K>,
  { first = false }: { first?: boolean } = {},
) {
  const existing = route[name] as HookOf<K> | HookOf<K>[] | undefined;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route[name] = (first ? [hook, ...hooks] : [...hooks, hook]) as RouteOptions[K];
}

/**
 * The methods that only read (HTTP's safe methods): the app's one list of them. A read skips
 * the write routes' hooks, the origin check (plugins/authentication.ts) and leaves the kept
 * pages (plugins/page-cache.ts).
 */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReadMethod(method: string): boolean {
  return READ_METHODS.has(method);
}

/** A route that may take a body and write: one with any method but a read's. */
export function isWriteRoute(route: Pick<RouteOptions, 'method'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => !isReadMethod(method));
}
