// What the booking domain calls of the commerce domain inside its own transactions (issue 32). It imports no domain's
// index, so the booking domain may use it without an import cycle (lint: records.ts).
export { issueLedgerDocument, type EarlierEntry, type LedgerBookingFacts, type LedgerEntryFacts } from './invoices/issue-documents';
export { attachDiscountCode, claimDiscountCode, releaseDiscountCode, promoCodeOf, type ClaimedCode } from './discounts';
export { redeemVoucher, refundToVoucher, type VoucherRedemption } from './vouchers/voucher-redeem';
