import { defineEndpoint } from '../endpoint';
import { paymentsCsvResponse, paymentsExportQuery, paymentsQuery, paymentsResponse } from '../admin-payments';

/** The payments ledger across bookings: filtered and paged with totals per currency, and its CSV. */
export const adminPaymentsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/payments', query: paymentsQuery, response: paymentsResponse }),
  export: defineEndpoint({ method: 'GET', path: '/api/admin/payments/export', query: paymentsExportQuery, response: paymentsCsvResponse }),
};
