import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { pendingMigrations } from '../db/migration-status';
import type { Drain } from '../drain';

/** Why a process is not ready: draining (SIGTERM), the database not answering, or migrations not yet applied. */
const NOT_READY = {
  draining: 'This process is shutting down.',
  database: 'The database is not answering.',
  migrations: 'Database migrations are not applied yet.',
} as const;
type NotReady = keyof typeof NOT_READY;

const notReadyBody = z.object({
  status: z.literal('unavailable'),
  reason: z.enum(['draining', 'database', 'migrations']),
  message: z.string(),
  code: z.literal('service_unavailable'),
});

/**
 * The probes a process manager or load balancer asks (contract: "Running it as a service"). `/livez`: the process
 * answers (restart it if not). `/readyz`: send it traffic (the database answers, every migration is applied, it is
 * not draining). Neither reads a domain's table: /api/health does that for the API as a whole.
 */
export function probeRoutes(deps: { db: Db; drain: Drain }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/livez', { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('live') }) } } }, async () => ({ status: 'live' as const }));

    app.get(
      '/readyz',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ready') }), 503: notReadyBody } } },
      async (_request, reply) => {
        const reason = await notReady(deps);
        if (reason === null) return { status: 'ready' as const };
        // Not cached by anything in between: a probe must see the state of now.
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ status: 'unavailable' as const, reason, message: NOT_READY[reason], code: 'service_unavailable' as const });
      },
    );
  };
}

async function notReady(deps: { db: Db; drain: Drain }): Promise<NotReady | null> {
  if (deps.drain.draining) return 'draining';
  let pending: number;
  try {
    pending = await pendingMigrations(deps.db);
  } catch {
    return 'database';
  }
  // Checked again after the query: the drain may have begun while it ran.
  if (deps.drain.draining) return 'draining';
  return pending > 0 ? 'migrations' : null;
}
