import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI from the same zod schemas that validate each route: JSON at /api/docs/json, and with `referencePage` the
 * browsable reference at /api/docs. Production has no reference page (decision 0346): its plugin sends a CSP of its
 * own, weaker than the app's (inline styles, styles and fonts from any https origin), while the JSON, which any
 * client can read, goes out under the app's one strict CSP like every other answer.
 */
export async function registerOpenApi(app: FastifyInstance, options: { referencePage: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'hatch API', description: 'Booking service and staff back-office of the Chicken hunt.', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'hatch_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          // The outside API under /api/v1 (decision 0560): `Authorization: Bearer <API key>`; each route names its scope.
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key staff create in Settings → Integrations' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.referencePage) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    return;
  }
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
