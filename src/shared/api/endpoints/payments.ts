import { defineEndpoint } from '../endpoint';
import { manageKeyParams } from '../public-booking';
import { checkoutParams, confirmCheckoutResponse, paymentStateResponse, startCheckoutBody, startCheckoutResponse, webhookResponse } from '../payments';

/** The booker pays online with the management key (decision 0250); the provider tells us by webhook (decision 0250). */
export const paymentEndpoints = {
  state: defineEndpoint({ method: 'GET', path: '/api/manage/:key/payment', params: manageKeyParams, response: paymentStateResponse }),
  startCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/manage/:key/checkout',
    params: manageKeyParams,
    body: startCheckoutBody,
    response: startCheckoutResponse,
    status: 201,
  }),
  confirmCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/manage/:key/checkout/:sessionId/confirm',
    params: checkoutParams,
    response: confirmCheckoutResponse,
  }),
  /**
   * The payment provider's events; the SPA never calls it. No body schema: the body is the raw bytes the provider
   * signed, and the signature check is its validation.
   */
  webhook: defineEndpoint({ method: 'POST', path: '/api/payments/webhook', response: webhookResponse }),
};
