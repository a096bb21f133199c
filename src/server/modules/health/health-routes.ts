import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), message: z.string(), code: z.literal('service_unavailable') }) },
      },
    },
    async (_request, reply) => {
      if (await app.deps.database.ping()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const, message: 'The database is not answering.', code: 'service_unavailable' as const });
    },
  );
};
