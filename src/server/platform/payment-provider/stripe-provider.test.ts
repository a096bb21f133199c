import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/support/stripe-stand-in';
import { ProviderError, WebhookSignatureError, type CheckoutRequest } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/** The real adapter, through the stripe package, against the local stand-in of Stripe's API. */
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => standIn.close());

const provider = () => createStripeProvider({ secretKey: 'sk_test_adapter', webhookSecret: standIn.webhookSecret, apiBase: standIn.url });
const request = (key: string): CheckoutRequest => ({
  bookingId: 7,
  amount: 4_250,
  currency: 'EUR',
  purpose: 'deposit',
  description: 'Deposit',
  customerEmail: 'b@example.test',
  successUrl: 'https://hatch.example/manage/k/paid?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://hatch.example/manage/k',
  idempotencyKey: key,
});

describe('the Stripe adapter', () => {
  it('creates a checkout session once per idempotency key and reads it back', async () => {
    const p = provider();
    const first = await p.createCheckout(request('key-1'));
    const again = await p.createCheckout(request('key-1'));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ url: `${standIn.url}/pay/${first.id}`, status: 'open', paid: false, amount: 4_250, currency: 'EUR', paymentId: null });
    standIn.pay(first.id);
    expect(await p.retrieveCheckout(first.id)).toMatchObject({
      status: 'complete',
      paid: true,
      amount: 4_250,
      paymentId: standIn.sessions.get(first.id)?.payment_intent,
    });
  });

  it('refunds a payment, and reports a refusal as a provider error', async () => {
    const p = provider();
    const session = await p.createCheckout(request('key-2'));
    const intent = standIn.pay(session.id).payment_intent ?? '';
    expect((await p.refund({ paymentId: intent, amount: 1_000, idempotencyKey: 'r-1' })).id).toMatch(/^re_/);
    await expect(p.refund({ paymentId: intent, amount: 4_000, idempotencyKey: 'r-2' })).rejects.toBeInstanceOf(ProviderError);
    await expect(p.retrieveCheckout('cs_test_none')).rejects.toBeInstanceOf(ProviderError);
  });

  it('verifies webhooks with the signing secret', async () => {
    const p = provider();
    const session = await p.createCheckout(request('key-3'));
    standIn.pay(session.id);
    const event = standIn.event(session.id);
    expect(await p.parseWebhook(Buffer.from(event.payload), event.signature)).toMatchObject({
      id: event.id,
      type: 'checkout.session.completed',
      checkout: { id: session.id, paid: true },
    });
    const forged = standIn.event(session.id, 'checkout.session.completed', { secret: 'whsec_other' });
    await expect(p.parseWebhook(Buffer.from(forged.payload), forged.signature)).rejects.toThrow(WebhookSignatureError);
    await expect(p.parseWebhook(Buffer.from(event.payload), undefined)).rejects.toThrow(WebhookSignatureError);
  });

  it('reports an unreachable provider as a provider error', async () => {
    const down = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:9' });
    await expect(down.createCheckout(request('key-4'))).rejects.toBeInstanceOf(ProviderError);
  });
});
