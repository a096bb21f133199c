import type Stripe from 'stripe';
import { z } from 'zod';
import { ProviderError, WebhookBodyError, WebhookSignatureError, type CheckoutRequest, type PaymentProvider, type ProviderCheckout } from './payment-provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is: Stripe's own unless set (a local stand-in in tests). */
  apiBase?: string | undefined;
};

// What we read of Stripe's answers, parsed rather than trusted.
const sessionSchema = z.object({
  id: z.string(),
  url: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
});
const eventSchema = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) });
/** What little can be said of an event that is not of eventSchema's shape, for the log. */
const looseEventSchema = z.object({ id: z.string().max(200).optional().catch(undefined), type: z.string().max(200).optional().catch(undefined) });
const refundSchema = z.object({ id: z.string(), status: z.string().nullable().optional() });

function toCheckout(raw: unknown): ProviderCheckout {
  const s = sessionSchema.parse(raw);
  const intent = s.payment_intent ?? null;
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status ?? 'open',
    paid: s.payment_status === 'paid',
    amount: s.amount_total ?? null,
    currency: s.currency ? s.currency.toUpperCase() : null,
    paymentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

function endpointOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ProviderError(`stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The real provider: Stripe Checkout Sessions, refunds, and webhooks verified with the signing secret. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  // The package is loaded when a provider is configured, not by every process that imports this file (its 250 files
  // cost about a fifth of a second of CPU and 20 MB of RSS: docs/decisions/0680-modules-loaded-on-first-use.md).
  const loading: Promise<Stripe> = import('stripe').then(
    ({ default: StripeClient }) =>
      new StripeClient(settings.secretKey, { ...endpointOptions(settings.apiBase), maxNetworkRetries: 1, timeout: 15_000, telemetry: false }),
  );
  // A failed load is each call's error, not an unhandled rejection.
  loading.catch(() => undefined);
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const stripe = await call('load', () => loading);
      const session = await call('create checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } },
              },
            ],
            customer_email: request.customerEmail,
            client_reference_id: request.reference ?? String(request.bookingId),
            metadata: request.bookingId === undefined ? { purpose: request.purpose } : { booking_id: String(request.bookingId), purpose: request.purpose },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return toCheckout(session);
    },
    async retrieveCheckout(sessionId) {
      const stripe = await call('load', () => loading);
      return toCheckout(await call('retrieve checkout', () => stripe.checkout.sessions.retrieve(sessionId)));
    },
    async refund({ paymentId, amount, idempotencyKey }) {
      const stripe = await call('load', () => loading);
      const refund = refundSchema.parse(await call('refund', () => stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey })));
      if (refund.status === 'failed' || refund.status === 'canceled') throw new ProviderError(`stripe refund ${refund.id} ${refund.status}`);
      return { id: refund.id };
    },
    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      const stripe = await loading;
      let event: unknown;
      try {
        // Default tolerance (300 s): an old event replayed with its old signature is refused.
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        // The signature is checked before the body is parsed: a body that fails to parse came signed.
        if (error instanceof SyntaxError) throw new WebhookBodyError(error.message);
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const parsed = eventSchema.safeParse(event);
      if (!parsed.success) {
        const seen = looseEventSchema.safeParse(event);
        return {
          id: seen.data?.id ?? '',
          type: seen.data?.type ?? '',
          checkout: null,
          unreadable: `event: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}`,
        };
      }
      const { id, type, data } = parsed.data;
      if (!type.startsWith('checkout.session.')) return { id, type, checkout: null };
      const session = sessionSchema.safeParse(data.object);
      if (!session.success) return { id, type, checkout: null, unreadable: `checkout session: ${session.error.issues[0]?.message ?? 'unexpected shape'}` };
      return { id, type, checkout: toCheckout(session.data) };
    },
  };
}
