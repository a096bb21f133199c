import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { bookingCodeParams } from '../public-booking';
import {
  staffInvoiceListResponse,
  adminInvoiceParams,
  bookerInvoiceParams,
  invoiceBuyerResponse,
  invoiceBuyerSchema,
  invoiceListResponse,
  invoicePdfResponse,
  invoiceSettingsResponse,
  invoiceSettingsSchema,
} from '../invoices';

/** Invoices and credit notes (issue 32): the booker's with X-Manage-Key, staff's from the booking, the install's settings. */
export const invoiceEndpoints = {
  bookerList: defineEndpoint({ method: 'GET', path: '/api/booking/:code/invoices', params: bookingCodeParams, response: invoiceListResponse }),
  bookerPdf: defineEndpoint({ method: 'GET', path: '/api/booking/:code/invoices/:number', params: bookerInvoiceParams, response: invoicePdfResponse }),
  bookerBuyer: defineEndpoint({ method: 'GET', path: '/api/booking/:code/invoice-details', params: bookingCodeParams, response: invoiceBuyerResponse }),
  bookerSaveBuyer: defineEndpoint({
    method: 'PUT',
    path: '/api/booking/:code/invoice-details',
    params: bookingCodeParams,
    body: invoiceBuyerSchema,
    response: invoiceBuyerResponse,
  }),
  adminList: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/invoices', params: idParam, response: staffInvoiceListResponse }),
  adminPdf: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/invoices/:number', params: adminInvoiceParams, response: invoicePdfResponse }),
  /** Staff retry a document whose PDF failed to render: the job takes it at its next run instead of after the backoff (0510). */
  adminRetryRender: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bookings/:id/invoices/:number/retry',
    params: adminInvoiceParams,
    response: staffInvoiceListResponse,
  }),
  settings: defineEndpoint({ method: 'GET', path: '/api/admin/invoice-settings', response: invoiceSettingsResponse }),
  saveSettings: defineEndpoint({ method: 'PUT', path: '/api/admin/invoice-settings', body: invoiceSettingsSchema, response: invoiceSettingsResponse }),
};
