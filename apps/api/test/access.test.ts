import { ERROR_MESSAGES } from '@ekispot/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { declareScopeAccess } from '../src/plugins/access.js';
import { runAdminCommand } from '../src/modules/moderation/admin-commands.js';
import { createAuthClient } from './auth-client.js';
import { createTestApp, testConfig } from './test-app.js';

/**
 * Deny by default (plugins/access.ts): the OpenAPI document is walked (the moderators' one,
 * which has the whole API; the public one is the same without theirs), and every operation it
 * marks as needing a member answers 401 in the envelope to a visitor and to a revoked session,
 * whatever else the request carries. An undeclared route stops the app from starting.
 */

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string; format?: string; pattern?: string; enum?: unknown[] };
}
interface Operation {
  method: string;
  path: string;
  url: string;
  security: Record<string, string[]>[] | undefined;
  statuses: string[];
  /** Moderators' operations answer 404 to everyone else (plugins/access.ts). */
  moderatorsOnly: boolean;
}

const origin = 'http://localhost:3000';
const MEMBER = [{ bearerAuth: [] }, { cookieAuth: [] }];
const OPTIONAL = [...MEMBER, {}];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operations: Operation[] = [];
let requests = 0;

/** A syntactically valid value for a path parameter (the row it names need not exist). */
function pathValue(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'uuid') return '0190a000-0000-7000-8000-000000000000';
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  if (schema.pattern) return 'a'.repeat(43);
  return 'x';
}

function readOperations(document: {
  paths: Record<
    string,
    Record<
      string,
      Omit<Operation, 'method' | 'path' | 'url' | 'statuses' | 'moderatorsOnly'> & {
        parameters?: Parameter[];
        'x-moderators-only'?: boolean;
        responses: Record<string, unknown>;
      }
    >
  >;
}): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const values = new Map(
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => [parameter.name, pathValue(parameter)]),
      );
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const value = values.get(name);
        if (value === undefined) throw new Error(`${path}: no schema for {${name}}`);
        return encodeURIComponent(value);
      });
      found.push({
        method: method.toUpperCase(),
        path,
        url,
        security: operation.security,
        statuses: Object.keys(operation.responses),
        moderatorsOnly: operation['x-moderators-only'] === true,
      });
    }
  }
  return found;
}

function send(operation: Operation, headers: Record<string, string> = {}) {
  requests += 1;
  return ctx.app.inject({
    method: operation.method,
    url: operation.url,
    headers: { origin, ...headers },
    // Each request from its own address, so no per-IP limit answers first.
    remoteAddress: `10.9.${Math.floor(requests / 250)}.${requests % 250}`,
  });
}

function expectUnauthenticated(
  operation: Operation,
  response: Awaited<ReturnType<typeof send>>,
): void {
  const where = `${operation.method} ${operation.path}`;
  expect(response.statusCode, where).toBe(401);
  expect(response.json(), where).toEqual({
    data: null,
    message: ERROR_MESSAGES.UNAUTHENTICATED,
    status: 401,
    success: false,
    code: 'UNAUTHENTICATED',
    errors: null,
  });
}

const isMember = (operation: Operation) =>
  !operation.moderatorsOnly && JSON.stringify(operation.security) === JSON.stringify(MEMBER);
const memberOperations = () => operations.filter(isMember);

/** The public document, and the whole API as moderators read it (plugins/openapi.ts). */
let publicOperations: Operation[] = [];
let moderatorBearer: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn('docs@example.jp');
  await runAdminCommand(ctx.db, 'grant-moderator', ['docs@example.jp']);
  moderatorBearer = { authorization: `Bearer ${token}` };
  const whole = await ctx.app.inject({
    url: '/api/v2/moderation/openapi.json',
    headers: moderatorBearer,
  });
  expect(whole.statusCode).toBe(200);
  operations = readOperations(whole.json());
  publicOperations = readOperations((await ctx.app.inject('/api/v2/openapi.json')).json());
});
afterAll(async () => {
  await ctx?.close();
});

describe('the OpenAPI document', () => {
  it('gives every operation the security of its declaration', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const operation of operations) {
      const where = `${operation.method} ${operation.path}`;
      if (operation.security !== undefined)
        expect([MEMBER, OPTIONAL], where).toContainEqual(operation.security);
      // A documented 401 needs a route that reads the session, and a member route documents it.
      if (operation.statuses.includes('401')) expect(operation.security, where).toBeDefined();
      if (isMember(operation)) expect(operation.statuses, where).toContain('401');
    }
    const security = (method: string, path: string) =>
      operations.find((operation) => operation.method === method && operation.path === path)
        ?.security;
    expect(security('POST', '/api/v2/posts/{postId}/like')).toEqual(MEMBER);
    expect(security('GET', '/api/v2/posts/{postId}')).toEqual(OPTIONAL);
    expect(security('GET', '/api/v2/stations/{stationGroupId}')).toBeUndefined();
    expect(security('POST', '/api/v2/auth/login')).toBeUndefined();
  });
});

describe('the moderators’ operations', () => {
  const names = (list: Operation[]) =>
    list.map((operation) => `${operation.method} ${operation.path}`);

  it('are in the moderators’ document only: the public one and the UI’s copies have the rest', async () => {
    const moderators = operations.filter((operation) => operation.moderatorsOnly);
    expect(moderators.length).toBeGreaterThan(3);
    expect(names(publicOperations)).toEqual(
      names(operations.filter((operation) => !operation.moderatorsOnly)),
    );
    for (const copy of ['/api/docs/json', '/api/docs/yaml']) {
      const body = (await ctx.app.inject(copy)).body;
      expect(body, copy).toContain('/api/v2/posts/{postId}');
      expect(body, copy).not.toContain('/api/v2/moderation');
      expect(body, copy).not.toContain('x-moderators-only');
    }
  });

  it('have a document that is not there (the 404 envelope) for anyone else', async () => {
    const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn(
      'curious@example.jp',
    );
    const nowhere = (await ctx.app.inject('/api/v2/nowhere')).json();
    for (const headers of [{}, { authorization: `Bearer ${token}` }, { cookie: `auth=${token}` }]) {
      const response = await ctx.app.inject({ url: '/api/v2/moderation/openapi.json', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(nowhere);
    }
  });
});

describe('every member operation', () => {
  it('answers 401 in the envelope without a session, whatever else is missing', async () => {
    expect(memberOperations().length).toBeGreaterThan(40);
    for (const operation of memberOperations())
      expectUnauthenticated(operation, await send(operation));
  });

  it('answers 401 to a session that was revoked, and clears its cookie', async () => {
    const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn(
      'revoked@example.jp',
    );
    const bearer = { authorization: `Bearer ${token}` };
    const me = async () =>
      (await ctx.app.inject({ url: '/api/v2/auth/me', headers: bearer })).json();
    expect((await me()).data).not.toBeNull();
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout',
      headers: { origin, ...bearer },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me()).data).toBeNull();

    for (const operation of memberOperations()) {
      expectUnauthenticated(operation, await send(operation, bearer));
      const byCookie = await send(operation, { cookie: `auth=${token}` });
      expectUnauthenticated(operation, byCookie);
      const cleared = byCookie.cookies.find((cookie) => cookie.name === 'auth');
      expect(cleared?.value, `${operation.method} ${operation.path}`).toBe('');
    }
  });
});

describe('every moderator operation', () => {
  it('is not there (the 404 envelope) for visitors, members and revoked sessions', async () => {
    const moderatorOperations = operations.filter((operation) => operation.moderatorsOnly);
    expect(moderatorOperations.length).toBeGreaterThan(0);
    const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn(
      'not-a-moderator@example.jp',
    );
    const member = { authorization: `Bearer ${token}` };
    const nowhere = (await send({ ...moderatorOperations[0]!, url: '/api/v2/nowhere' })).json();
    for (const operation of moderatorOperations)
      for (const headers of [{}, member, { cookie: `auth=${token}` }] as Record<string, string>[]) {
        const response = await send(operation, headers);
        expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(404);
        expect(response.json()).toEqual(nowhere);
      }
  });
});

describe('a route without a declaration', () => {
  /** The whole app with one more plugin, started as server.ts starts it (register, then ready). */
  async function startWith(plugin: (scope: FastifyInstance) => Promise<void>) {
    const app = await buildApp(testConfig(), { db: ctx.db });
    const started = (async () => {
      await app.register(plugin);
      await app.ready();
    })();
    return { app, started };
  }

  it('stops the app from starting, naming the route', async () => {
    const { app, started } = await startWith(async (scope) => {
      scope.get('/undeclared', async () => 'open');
    });
    await expect(started).rejects.toThrow(/GET \/undeclared declares no access/);
    await app.close().catch(() => undefined);
  });

  it('is declared by a scope default (for third-party plugins) only inside that scope', async () => {
    const { app, started } = await startWith(async (scope) => {
      await scope.register(async (plugin) => {
        declareScopeAccess(plugin, 'public');
        plugin.get('/third-party', async () => 'asset');
      });
      scope.get('/beside', { config: { access: 'member' } }, async () => 'member only');
    });
    await started;
    expect((await app.inject('/third-party')).body).toBe('asset');
    expect((await app.inject('/beside')).statusCode).toBe(401);
    await app.close();
  });

  it('cannot hand a handler a caller its declaration did not read', async () => {
    const { app, started } = await startWith(async (scope) => {
      scope.get('/public-viewer', { config: { access: 'public' } }, async (request) => ({
        id: request.viewer?.user.id ?? null,
      }));
      scope.get('/optional-member', { config: { access: 'optional' } }, async (request) => ({
        id: request.member.user.id,
      }));
    });
    await started;
    // A programming error is a 500, never a visitor mistaken for a member or the reverse.
    expect((await app.inject('/public-viewer')).statusCode).toBe(500);
    expect((await app.inject('/optional-member')).statusCode).toBe(500);
    await app.close();
  });
});
