import type { Config } from '../config';
import type { PaymentMethod } from '../../../shared/payments';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/** How bookers pay on this install: a card provider, or bank transfer to the configured account (decision 0250). */
export type PaymentSetup = { provider: PaymentProvider | null; bankTransferDetails: string | null };

export function createPaymentSetup(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'BANK_TRANSFER_DETAILS'>,
): PaymentSetup {
  const provider =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE })
      : null;
  return { provider, bankTransferDetails: config.BANK_TRANSFER_DETAILS ?? null };
}

/** The one way bookers pay here: what their pages, their mails and the staff payment form start from. */
export function paymentMethodOf(setup: Pick<PaymentSetup, 'provider'>): PaymentMethod {
  return setup.provider ? 'card' : 'bank_transfer';
}
