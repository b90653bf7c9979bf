import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@ekispot/shared';
import { declareScopeAccess, openApiSecurityOf } from './access.js';

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> };

const isModeratorsOnly = (operation: unknown) =>
  typeof operation === 'object' &&
  operation !== null &&
  Reflect.get(operation, 'x-moderators-only') === true;

/**
 * The document without the moderators' operations (docs/security.md#access): what anyone may
 * read. A path whose operations were all the moderators' goes with them.
 */
export function withoutModeratorOperations(document: object): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    const kept = Object.entries(item).filter(([, operation]) => !isModeratorsOnly(operation));
    if (kept.length > 0) paths[path] = Object.fromEntries(kept);
  }
  return { ...document, paths };
}

/**
 * OpenAPI 3.1, generated from the routes' zod schemas: at /api/v2/openapi.json (and in the UI at
 * /api/docs) without the moderators' operations, which nobody else may learn exist; the whole
 * API, theirs included, at /api/v2/moderation/openapi.json, a `moderator` route (404 to anyone
 * else). Each operation's `security` comes from its route's `config.access`
 * (plugins/access.ts), never from the schema, so the document says what the access hook
 * enforces.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'えきスポ API',
          description:
            'Every response is the envelope `{ data, message, status, success, errors }`. ' +
            'Fields are snake_case. Failures carry `code` and Japanese `message`; 422 carries field errors.',
          version: options.version,
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: 'auth' },
          },
        },
      },
      transform: (document) => {
        const result = jsonSchemaTransform(document);
        const schema = { ...result.schema };
        delete schema.security;
        const access = document.route.config?.access;
        const security = openApiSecurityOf(access);
        // A role is no security scheme: moderators' operations say so in an extension.
        if (access === 'moderator') Object.assign(schema, { 'x-moderators-only': true });
        return { ...result, schema: security ? { ...schema, security } : schema };
      },
      transformObject: jsonSchemaTransformObject,
    });
    let publicDocument: OpenApiDocument | undefined;
    const publicOpenApi = () => (publicDocument ??= withoutModeratorOperations(app.swagger()));
    app.get(
      `${API_BASE_PATH}/openapi.json`,
      { config: { access: 'public' }, schema: { hide: true } },
      publicOpenApi,
    );
    app.get(
      `${API_BASE_PATH}/moderation/openapi.json`,
      { config: { access: 'moderator' }, schema: { hide: true } },
      () => app.swagger(),
    );
    // The UI's own routes (page, assets, document copies) are public, in a scope of their own.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(swaggerUi, {
        routePrefix: '/api/docs',
        uiConfig: { docExpansion: 'list', deepLinking: true },
        staticCSP: true,
        // Its copies of the document (/api/docs/json, /yaml) are the public one.
        transformSpecification: () => publicOpenApi(),
        transformSpecificationClone: false,
      });
    });
  },
  { name: 'openapi' },
);
