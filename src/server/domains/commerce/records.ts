// The ledger's one door for the booking domain (decision 0545): what the booking domain asks of the commerce domain,
// inside its own booking write or its own statements. The booking domain asks (record a payment, a voucher payment, a
// refund or void; read what is paid) and reacts to the answer; nothing here calls the booking domain. It imports no
// domain's index, so the booking domain may use it without an import cycle (lint: records.ts).
export {
  recordLedgerPayment,
  recordLedgerCorrection,
  redeemVoucherPayment,
  type Correction,
  type LedgerCorrectionResult,
  type LedgerPaymentInput,
  type LedgerPaymentResult,
  type LedgerWriteContext,
  type VoucherRedemption,
} from './ledger/ledger-entries';
export { ledgerOf, ledgerNetSql, ledgerNetPerBooking, paidNetOfBookings, moneyOfBookings, type LedgerRow } from './ledger/ledger-reads';
export { ledgerPart, ledgerPartOf } from './ledger/ledger-part';
export { type LedgerBookingFacts } from './invoices/issue-documents';
export { documentsOfEntries } from './invoices/invoices-repository';
export { attachDiscountCode, claimDiscountCode, releaseDiscountCode, promoCodeOf, type ClaimedCode } from './discounts';
