import type { LEDGER_PAYMENT_TYPES } from '../../shared/api/admin-booking-detail';
import { useT, type KeyOf } from './i18n';

/**
 * The admin catalogue's word for each ledger payment type (English: shared/api/admin-booking-detail.ts, the receipts'
 * and the CSV's labels), one list for every staff screen that names one: the booking page's payments, the payments list.
 */
const TYPE_KEYS = {
  card: 'payments.typeCard',
  bank_transfer: 'payments.typeBankTransfer',
  cash: 'payments.typeCash',
  invoice: 'payments.typeInvoice',
  other: 'payments.typeOther',
  voucher: 'payments.typeVoucher',
} as const satisfies Record<(typeof LEDGER_PAYMENT_TYPES)[number], KeyOf<'admin'>>;
const isKnownType = (type: string): type is keyof typeof TYPE_KEYS => Object.hasOwn(TYPE_KEYS, type);

/** A payment's type in the staff member's words; a provider's own type (any short text) as it is. */
export function usePaymentTypeText(): (type: string) => string {
  const t = useT('admin');
  return (type) => (isKnownType(type) ? t(TYPE_KEYS[type]) : type);
}
