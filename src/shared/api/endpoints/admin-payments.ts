import { defineEndpoint } from '../endpoint';
import { financeCsvResponse, financeExportQuery, paymentsCsvResponse, paymentsExportQuery, paymentsQuery, paymentsResponse } from '../admin-payments';

/** The payments ledger across bookings: filtered and paged with totals per currency, and its CSV. */
export const adminPaymentsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/payments', query: paymentsQuery, response: paymentsResponse }),
  export: defineEndpoint({ method: 'GET', path: '/api/admin/payments/export', query: paymentsExportQuery, response: paymentsCsvResponse }),
  /** The ledger with its invoices and credit notes for a date range, as a bank-statement CSV for accounting tools (0511). */
  financeExport: defineEndpoint({ method: 'GET', path: '/api/admin/finance/export', query: financeExportQuery, response: financeCsvResponse }),
};
