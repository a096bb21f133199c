import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaymentsEndpoints as endpoints } from '../../../shared/api/endpoints/admin-payments';
import { endpointRoute } from '../../plugins/endpoint-route';
import { exportLedgerCsv, listLedger, paymentsFileName } from './admin-payments-service';

const options = { tags: ['admin payments'] };

/** /admin/payments: the ledger across bookings (read-only: staff record and correct payments on a booking's page). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  endpointRoute(app, endpoints.list, options, async ({ query }) => listLedger(db, query));

  endpointRoute(app, endpoints.export, options, async (request, reply) => {
    const stream = exportLedgerCsv(db, request.query);
    return (
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${paymentsFileName()}"`)
        .header('Cache-Control', 'no-store')
        // Fastify pipes a stream as it is (no serializer runs); the schema only documents the CSV body.
        .send(stream)
    );
  });
};
