import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { notFound } from '../lib/http-error.js';
import { denyVisitor } from '../lib/require-member.js';
import { createSessionReader, type Authenticated } from './authentication.js';

/**
 * Who may call a route, declared by every route in `config.access`
 * (docs/conventions.md#api-modules):
 * - `member`: a signed-in member; anyone else gets the 401 envelope (and loses a stale cookie);
 * - `optional`: member or visitor, the session is read when there is one (with `lazySession`,
 *   only when the handler asks for it);
 * - `public`: anyone, and the session is never read;
 * - `guest`: meant for signed-out callers (register, login, password reset, mailed links). Like
 *   `public` the session is not read: a signed-in caller is served all the same, and the web
 *   app is what turns members away from those pages (apps/web/src/app/route-guard.ts).
 * - `moderator`: a member with the moderator role (docs/moderation.md#moderators); to anyone
 *   else, visitors included, the route answers 404 as if it did not exist.
 */
export const ROUTE_ACCESS = ['member', 'optional', 'public', 'guest', 'moderator'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: without it the app does not start (plugins/access.ts). */
    access?: RouteAccess;
    /**
     * On an `optional` route: the session is read only when the handler asks for it
     * (`request.readViewer()`), for reads whose answer is the same for everyone but in rare
     * cases (a photo hidden from all but its author).
     */
    lazySession?: boolean;
  }
  interface FastifyRequest {
    /**
     * The caller of a `member` (or `moderator`) route. Read on any other route it throws (a
     * programming error).
     */
    readonly member: Authenticated;
    /** The caller of an `optional` (or `member`) route, null for a visitor; throws elsewhere. */
    readonly viewer: Authenticated | null;
    /**
     * The caller of an `optional` route, read on the first call when the route declares
     * `lazySession` (then `viewer` throws until it is read); throws on other routes.
     */
    readViewer(): Promise<Authenticated | null>;
  }
}

type OpenApiSecurity = { [scheme: string]: string[] }[];
const MEMBER_SECURITY: OpenApiSecurity = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** The OpenAPI `security` of an operation, from its declaration (plugins/openapi.ts). */
export function openApiSecurityOf(access: RouteAccess | undefined): OpenApiSecurity | undefined {
  if (access === 'member' || access === 'moderator') return MEMBER_SECURITY;
  if (access === 'optional') return [...MEMBER_SECURITY, {}];
  return undefined;
}

function isRouteAccess(value: unknown): value is RouteAccess {
  return ROUTE_ACCESS.some((access) => access === value);
}

const kScopeAccess = Symbol('ekispot.scopeAccess');

/**
 * Gives every route registered inside `scope` (and its children) that declares nothing the
 * access `access`. Only for routes a third-party plugin registers, whose options we cannot
 * write (the Swagger UI in plugins/openapi.ts, the static files in plugins/web.ts); register
 * that plugin inside its own `scope` so the default reaches nothing else.
 */
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess): void {
  Object.defineProperty(scope, kScopeAccess, { value: access, enumerable: false });
}

function describeRoute(method: string | string[], url: string): string {
  return `${Array.isArray(method) ? method.join(',') : method} ${url}`;
}

/**
 * Deny by default: every route must declare its access (an undeclared one throws while the app
 * is built, naming its method and URL), and one preValidation hook enforces the declaration
 * before the request is validated or handled, so a visitor gets 401 whatever they sent.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Database; publicUrl: string; acceptRequestOrigin: boolean },
  ) => {
    const sessions = createSessionReader(options);
    /** What the hook found, per request: the member, null for a visitor, absent if not read. */
    const callers = new WeakMap<FastifyRequest, Authenticated | null>();

    app.addHook('onRoute', function declareAccess(route) {
      const inherited: unknown = Reflect.get(this, kScopeAccess);
      const access = route.config?.access ?? (isRouteAccess(inherited) ? inherited : undefined);
      if (!isRouteAccess(access))
        throw new Error(
          `${describeRoute(route.method, route.url)} declares no access: give it config.access ` +
            `(${ROUTE_ACCESS.join(' | ')}), see docs/conventions.md#api-modules`,
        );
      route.config = { ...route.config, access };
    });

    // Errors name the route's pattern, never the URL (it may hold a mailed token).
    app.decorateRequest('viewer', {
      getter(this: FastifyRequest) {
        if (!callers.has(this))
          throw new Error(
            `request.viewer read on ${this.routeOptions.url}, which reads no session`,
          );
        return callers.get(this) ?? null;
      },
    });
    app.decorateRequest('member', {
      getter(this: FastifyRequest) {
        const member = callers.get(this);
        const access = this.routeOptions.config.access;
        if (!member || (access !== 'member' && access !== 'moderator'))
          throw new Error(`request.member read on ${this.routeOptions.url}, not a 'member' route`);
        return member;
      },
    });

    app.decorateRequest('readViewer', async function readViewer(this: FastifyRequest) {
      if (callers.has(this)) return callers.get(this) ?? null;
      const config = this.routeOptions.config;
      if (config.access !== 'optional' || !config.lazySession)
        throw new Error(`request.readViewer() on ${this.routeOptions.url}, which reads no session`);
      const caller = await sessions.read(this);
      callers.set(this, caller);
      return caller;
    });

    const readCaller = async (request: FastifyRequest, reply: FastifyReply, access: string) => {
      const caller = await sessions.read(request);
      if (access === 'moderator' && caller?.user.role !== 'moderator') throw notFound();
      if (access === 'member' && !caller) denyVisitor(request, reply);
      callers.set(request, caller);
    };
    // A callback hook: a public read passes with no promise made (it runs on every request).
    app.addHook('preValidation', (request, reply, done) => {
      const access = request.routeOptions.config?.access;
      if (access === 'public' || access === 'guest') return done();
      // Read when the handler asks (request.readViewer()).
      if (access === 'optional' && request.routeOptions.config.lazySession) return done();
      if (access === undefined) {
        // Only the not-found handler has no declaration; it serves nothing to protect.
        if (request.is404) return done();
        return done(
          new Error(`no access declared for ${request.method} ${request.routeOptions.url}`),
        );
      }
      readCaller(request, reply, access).then(() => done(), done);
    });
  },
  { name: 'access', dependencies: ['@fastify/cookie'] },
);
