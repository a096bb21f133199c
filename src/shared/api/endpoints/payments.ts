import { defineEndpoint } from '../endpoint';
import { manageKeyParams } from '../public-booking';
import { checkoutParams, confirmCheckoutResponse, paymentStateResponse, startCheckoutBody, startCheckoutResponse } from '../payments';

/** The booker pays online with the management key (decision 0250); the provider's webhook is not called by the SPA. */
export const paymentEndpoints = {
  state: defineEndpoint({ method: 'GET', path: '/api/manage/:key/payment', params: manageKeyParams, response: paymentStateResponse }),
  startCheckout: defineEndpoint({ method: 'POST', path: '/api/manage/:key/checkout', params: manageKeyParams, body: startCheckoutBody, response: startCheckoutResponse, status: 201 }),
  confirmCheckout: defineEndpoint({ method: 'POST', path: '/api/manage/:key/checkout/:sessionId/confirm', params: checkoutParams, response: confirmCheckoutResponse }),
};
