// The commerce domain, the one home for money (issues 32, 35; decision 0545): the ledger of every booking's payments,
// refunds and voids (ledger/), the checkouts and the provider's webhook that bring money in (checkout/), the payments
// list and the accountant's export (admin-payments/), promo codes (codes/), gift vouchers and their balances
// (vouchers/), invoices and credit notes (invoices/). It owns its tables (tables/); other domains ask it only through
// this file (or records.ts, the booking domain's one door from inside its own writes).
export { expireDueVouchers } from './vouchers/voucher-expiry';
export { renderDueInvoices, type InvoiceRenderer } from './invoices/invoice-render-job';
// A proposal's price replaces a promo code's discount when accepted (0546): the code's use is given back.
export { releaseDiscountCode } from './discounts';
export { renderInvoicePdf } from './invoices/invoice-pdf';
export { documentsOfEntries, type EntryDocument } from './invoices/invoices-repository';
export { FREE_VOUCHER_SOURCE, voucherPaymentSource } from './vouchers/voucher-payment-sources';
export { commercePersonalData, voucherPersonalData } from './personal-data';
export { bookingDocumentsForOutside } from './invoices/invoices-service';
export { listLedger } from './admin-payments/admin-payments-service';
