/**
 * The payment provider adapter (decision 0250). The app talks to card payments only through this interface; Stripe
 * is the real one (stripe-provider.ts). With no provider configured, bookers pay by bank transfer with a reference
 * and staff record the payment by hand (bank-transfer.ts).
 */

/** What the app asks the provider to charge: one line, a fixed amount in minor units of the booking's currency. */
export type CheckoutRequest = {
  /** The booking paid for; absent when the checkout pays for something else, named by `reference` (a gift voucher). */
  bookingId?: number;
  /** The provider's client reference when not a booking's id, e.g. `gift-voucher-12`. */
  reference?: string;
  amount: number;
  currency: string;
  purpose: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key twice gives the same session: a double click or a retry creates one checkout. */
  idempotencyKey: string;
};

/** A checkout session as the provider reports it. */
export type ProviderCheckout = {
  id: string;
  url: string | null;
  /** open (not finished), complete, expired. */
  status: string;
  /** Money taken: the only state that records a payment. */
  paid: boolean;
  amount: number | null;
  currency: string | null;
  /** The provider's payment behind the session: what a refund names. */
  paymentId: string | null;
};

/** A verified webhook event: its id (for replays), type, and the checkout it is about, if any. */
/**
 * A verified event. `unreadable` says why a correctly signed event could not be read (a shape we do not know: a new
 * API version, a field gone): it is acknowledged and logged, never answered 5xx, which the provider would retry for
 * days without it ever reading better.
 */
export type ProviderEvent = { id: string; type: string; checkout: ProviderCheckout | null; unreadable?: string };

export interface PaymentProvider {
  readonly name: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout>;
  /** Gives back `amount` minor units of a payment; answers the provider's refund id. */
  refund(input: { paymentId: string; amount: number; idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Verifies the signature of a webhook's raw body and parses it; throws WebhookSignatureError when forged or stale,
   * WebhookBodyError when the signature holds but the body is not JSON.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

/** The signature of a webhook did not verify: forged, replayed after the tolerance, or signed with another secret. */
export class WebhookSignatureError extends Error {}

/** A webhook whose signature verified but whose body is not JSON (issue 36): refused on its own, not as a forgery. */
export class WebhookBodyError extends Error {}

/** The provider could not be reached or refused the call: nothing of ours is changed. */
export class ProviderError extends Error {}
