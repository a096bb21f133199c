import type { paymentEndpoints } from '../../shared/api/endpoints/payments';
import type { PaymentState } from '../../shared/api/payments';
import type { CheckoutPurpose } from '../../shared/payments';
import { api, lazyEndpoint } from './api-client';

/**
 * The booker's payment calls, with the private management key (decision 0250). The descriptors (and zod with them)
 * load on first use: the wizard's last step shows the pay buttons, and its chunks carry no schemas of their own.
 */
type Endpoints = typeof paymentEndpoints;
const load = () => import('../../shared/api/endpoints/payments').then((m) => m.paymentEndpoints);
const stateEndpoint = lazyEndpoint<Endpoints['state']>({ method: 'GET', path: '/api/manage/:key/payment' }, () => load().then((e) => e.state));
const startEndpoint = lazyEndpoint<Endpoints['startCheckout']>({ method: 'POST', path: '/api/manage/:key/checkout' }, () =>
  load().then((e) => e.startCheckout),
);
const confirmEndpoint = lazyEndpoint<Endpoints['confirmCheckout']>({ method: 'POST', path: '/api/manage/:key/checkout/:sessionId/confirm' }, () =>
  load().then((e) => e.confirmCheckout),
);

export async function fetchPaymentState(key: string): Promise<PaymentState> {
  return (await api(stateEndpoint, { params: { key } })).payment;
}

/** Opens a checkout at the provider for what the booker was shown; answers the page to send them to. */
export async function startCheckout(key: string, purpose: CheckoutPurpose, amount: number): Promise<string> {
  return (await api(startEndpoint, { params: { key }, body: { purpose, amount } })).checkout_url;
}

export async function confirmCheckout(key: string, sessionId: string) {
  return api(confirmEndpoint, { params: { key, sessionId } });
}
