import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@ekispot/shared';

/** OpenAPI 3.1 at /api/v2/openapi.json, generated from the routes' zod schemas; UI at /api/docs. */
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
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get(`${API_BASE_PATH}/openapi.json`, { schema: { hide: true } }, () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  },
  { name: 'openapi' },
);
