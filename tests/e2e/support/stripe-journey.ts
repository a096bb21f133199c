import { afterAll, beforeAll } from 'vitest';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../../support/stripe-stand-in';
import { freePort } from './server';

/**
 * A journey that pays: the local Stripe stand-in (its hosted checkout page posts the signed webhook to the server, then
 * sends the browser back). Call it before useServerAndBrowser and give that `env`: this beforeAll runs first and fills
 * it, since the stand-in must know the server's address for its webhook, and the server the stand-in's.
 */
export function useStripeStandIn(): { env: Record<string, string>; stripe: () => StripeStandIn } {
  let stripe: StripeStandIn | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    stripe = await startStripeStandIn({
      onEvent: async (event) => {
        const res = await fetch(`${base}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          body: event.payload,
        });
        if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      },
    });
    Object.assign(env, {
      PORT: String(port),
      PUBLIC_URL: base,
      ...stripeEnv(stripe),
    });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  return {
    env,
    stripe: () => {
      if (!stripe) throw new Error('the Stripe stand-in has not started');
      return stripe;
    },
  };
}
