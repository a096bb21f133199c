import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './platform/db/client';
import { DATABASE_RETRY_AFTER_SECONDS } from './platform/db/db-errors';
import { appSecrets } from './platform/db/tables';
import { bookingsProbe } from './domains/booking';
import { catalogueProbe } from './domains/catalogue/records';
import { identityProbe } from './domains/identity/records';

/**
 * What the API needs, not just a connection: one cheap read from each core table (users and sessions for every staff
 * call, bookings for the product, the price list for every price, the app's secrets for CSRF). A dropped table or
 * database fails here as it would on the next real call.
 */
async function coreTablesAnswer(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select ${identityProbe()}, ${bookingsProbe()}, ${catalogueProbe()}, (select 1 from ${appSecrets} limit 1)`);
    return true;
  } catch {
    return false;
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), message: z.string(), code: z.literal('service_unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await coreTablesAnswer(app.deps.database.db)) return { status: 'ok' as const };
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 'unavailable' as const, message: 'The database is not answering.', code: 'service_unavailable' as const });
    },
  );
};
