import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { paymentsCsvResponse, paymentsExportQuery, paymentsQuery, paymentsResponse } from '../../../shared/api/admin-payments';
import { exportLedgerCsv, listLedger, paymentsFileName } from './admin-payments-service';

const tags = ['admin payments'];

/** /admin/payments: the ledger across bookings (read-only: staff record and correct payments on a booking's page). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get('/payments', { schema: { tags, querystring: paymentsQuery, response: { 200: paymentsResponse, ...errorResponses } } }, async ({ query }) =>
    listLedger(db, query),
  );

  app.get(
    '/payments/export',
    { schema: { tags, querystring: paymentsExportQuery, response: { 200: paymentsCsvResponse, ...errorResponses } } },
    async (request, reply) => {
      const stream = exportLedgerCsv(db, request.query);
      return (
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${paymentsFileName()}"`)
          .header('Cache-Control', 'no-store')
          // Fastify pipes a stream as it is (no serializer runs); the schema only documents the CSV body.
          .send(stream as unknown as string)
      );
    },
  );
};
