// The commerce domain (issue 32): promo codes (codes/), gift vouchers (vouchers/), invoices and credit notes
// (invoices/). It owns its tables (tables/); other domains ask it only through this file (or records.ts, for the booking
// domain's own transactions).
export { settleVoucherCheckout, type VoucherSettleOutcome } from './vouchers/voucher-checkout';
export { expireDueVouchers } from './vouchers/voucher-expiry';
export { renderDueInvoices, type InvoiceRenderer } from './invoices/invoice-render-job';
export { renderInvoicePdf } from './invoices/invoice-pdf';
export { documentsOfEntries, type EntryDocument } from './invoices/invoices-repository';
export { FREE_VOUCHER_SOURCE, voucherPaymentSource } from './vouchers/voucher-payment-sources';
