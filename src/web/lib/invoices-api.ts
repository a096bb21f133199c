import { invoiceEndpoints as ep } from '../../shared/api/endpoints/invoices';
import type { InvoiceBuyer } from '../../shared/commerce/invoices';
import { MANAGE_KEY_HEADER } from '../../shared/api/public-booking';
import { api, ApiError } from './api-client';

/** Invoices and credit notes (issue 32): the booker's by code and management key, staff's by booking id. */
export type InvoiceOwner = { code: string; manage_key: string };

const asOwner = (o: InvoiceOwner) => ({ params: { code: o.code }, headers: { [MANAGE_KEY_HEADER]: o.manage_key } });

export const invoiceKeys = {
  booker: (code: string) => ['invoices', 'booker', code.toUpperCase()] as const,
  buyer: (code: string) => ['invoices', 'buyer', code.toUpperCase()] as const,
  staff: (bookingId: number) => ['invoices', 'staff', bookingId] as const,
  /** The install's invoice settings: the Payments page's form and the staff area's set-up warning read them (0510). */
  settings: ['admin-invoice-settings'] as const,
};

export const fetchBookerInvoices = async (o: InvoiceOwner) => (await api(ep.bookerList, asOwner(o))).invoices;
export const fetchStaffInvoices = (bookingId: number) => api(ep.adminList, { params: { id: bookingId } });
/** Staff retry a document whose PDF failed to render (0510): answers the booking's documents as now stored. */
export const retryInvoiceRender = (bookingId: number, number: string) => api(ep.adminRetryRender, { params: { id: bookingId, number } });
export const fetchInvoiceSettings = () => api(ep.settings);
export const fetchInvoiceBuyer = async (o: InvoiceOwner) => (await api(ep.bookerBuyer, asOwner(o))).buyer;
export const saveInvoiceBuyer = async (o: InvoiceOwner, body: InvoiceBuyer) => (await api(ep.bookerSaveBuyer, { ...asOwner(o), body })).buyer;

export const DOWNLOAD_FAILED = 'The PDF could not be downloaded. Please try again.';

/**
 * Downloads one document's PDF. The booker's key goes in a header (never in an address a browser keeps), so the file
 * is fetched and handed to the browser as a download; staff's session cookie goes with the request by itself.
 */
export async function downloadInvoicePdf(url: string, filename: string, manageKey?: string): Promise<void> {
  const res = await fetch(url, { headers: manageKey ? { [MANAGE_KEY_HEADER]: manageKey } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(res.status, DOWNLOAD_FAILED);
  const objectUrl = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
