/**
 * The OpenAPI document at GET /api/docs/openapi.json, built by @fastify/swagger from the route schemas.
 * `fastifySwagger` itself must be registered on the root instance before any route so that it sees them all.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'edu-portal reference API',
      description:
        'Reference server of the edu-portal kit. Business outcomes are HTTP 200 with the envelope ' +
        '`{status, code, message, fieldErrors, data}`; messages are bilingual `中文|||English`.',
      version: '2.0.0',
    },
    components: {
      securitySchemes: {
        accessCookie: { type: 'apiKey', in: 'cookie', name: 'edu_at' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  },
};

const openapiPlugin: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/docs/openapi.json',
    {
      schema: {
        tags: ['docs'],
        summary: 'This OpenAPI document',
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger(),
  );
};

export default openapiPlugin;
