import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/payments';

/**
 * How bookers pay on this install (decision 0250): the server writes it into `<meta name="payment-method">` on every
 * page ('card' with a card provider, else 'bank_transfer'). Bank transfer where no page carries it: the embedded default.
 */
export function installPaymentMethod(): PaymentMethod {
  const content = typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[name="payment-method"]')?.content ?? '');
  return PAYMENT_METHODS.find((m) => m === content) ?? 'bank_transfer';
}
