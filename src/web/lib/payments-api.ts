import { paymentEndpoints } from '../../shared/api/endpoints/payments';
import type { PaymentState } from '../../shared/api/payments';
import type { CheckoutPurpose } from '../../shared/payments';
import { api } from './api-client';

/** The booker's payment calls, with the private management key (decision 0250). */
export async function fetchPaymentState(key: string): Promise<PaymentState> {
  return (await api(paymentEndpoints.state, { params: { key } })).payment;
}

/** Opens a checkout at the provider for what the booker was shown; answers the page to send them to. */
export async function startCheckout(key: string, purpose: CheckoutPurpose, amount: number): Promise<string> {
  return (await api(paymentEndpoints.startCheckout, { params: { key }, body: { purpose, amount } })).checkout_url;
}

export async function confirmCheckout(key: string, sessionId: string) {
  return api(paymentEndpoints.confirmCheckout, { params: { key, sessionId } });
}
