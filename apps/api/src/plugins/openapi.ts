import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@ekispot/shared';
import { declareScopeAccess, openApiSecurityOf } from './access.js';

/**
 * OpenAPI 3.1 at /api/v2/openapi.json, generated from the routes' zod schemas; UI at /api/docs.
 * Each operation's `security` comes from its route's `config.access` (plugins/access.ts), never
 * from the schema, so the document says what the access hook enforces.
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
    app.get(
      `${API_BASE_PATH}/openapi.json`,
      { config: { access: 'public' }, schema: { hide: true } },
      () => app.swagger(),
    );
    // The UI's own routes (page, assets, document copies) are public, in a scope of their own.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(swaggerUi, {
        routePrefix: '/api/docs',
        uiConfig: { docExpansion: 'list', deepLinking: true },
        staticCSP: true,
      });
    });
  },
  { name: 'openapi' },
);
