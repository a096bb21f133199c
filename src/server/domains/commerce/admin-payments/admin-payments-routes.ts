import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaymentsEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-payments';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { exportLedgerCsv, listLedger, paymentsFileName } from './admin-payments-service';
import { sendCsvDownload } from '../../../platform/http/csv-download';
import { exportFinanceCsv, financeFileName } from './finance-export';

const options = { tags: ['admin payments'] };

/** /admin/payments: the ledger across bookings (read-only: staff record and correct payments on a booking's page). */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  endpointRoute(app, endpoints.list, options, async ({ query }) => listLedger(db, query));

  endpointRoute(app, endpoints.export, options, async (request, reply) => sendCsvDownload(reply, paymentsFileName(), exportLedgerCsv(db, request.query)));

  // The accountant's export: the ledger with its invoices and credit notes for a date range (decision 0511).
  endpointRoute(app, endpoints.financeExport, options, async (request, reply) =>
    sendCsvDownload(reply, financeFileName(request.query), exportFinanceCsv(db, request.query)),
  );
};
