import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { newManageKey } from '../../../platform/codes';
import { ConflictError, NotFoundError, UpstreamError } from '../../../platform/errors';
import { ProviderError, type PaymentProvider, type ProviderCheckout } from '../../../platform/payment-provider/payment-provider';
import type { PaymentSetup } from '../../../platform/payment-provider/payment-setup';
import { PAYMENT_MESSAGES } from '../../../../shared/api/payments';
import { formatPence } from '../../../../shared/money';
import { GIFT_VOUCHER_MESSAGES } from '../../../../shared/commerce/gift-vouchers';
import type { BuyGiftVoucherBody } from '../../../../shared/api/gift-vouchers';
import type { Language } from '../../../../shared/i18n/languages';
import { insertVoucher, setVoucherSession, voucherBy, voucherBySession, type VoucherRow } from './voucher-repository';
import { issueVoucher, type VoucherMailer } from './voucher-issue';
import { voucherPageUrl } from './voucher-mail';

export type VoucherCheckoutDeps = { db: Db; setup: PaymentSetup; mailer: VoucherMailer; log: FastifyBaseLogger };

/**
 * A visitor buys a voucher (decision 0401): it is stored pending (no code), and a checkout for its amount is opened
 * with the install's payment provider, as a booking's is. The provider sends the buyer back to the voucher's printable
 * page. Without a card provider nothing is stored: 409. `language` is the buyer's (their page's): the voucher's mail is
 * written in it (decision 0625).
 */
export async function buyVoucher(deps: VoucherCheckoutDeps, body: BuyGiftVoucherBody, language: Language): Promise<{ token: string; checkoutUrl: string }> {
  const provider = deps.setup.provider;
  if (!provider) throw new ConflictError(GIFT_VOUCHER_MESSAGES.noProvider);
  const voucher = await insertVoucher(deps.db, {
    token: newManageKey(),
    amount: body.amount,
    balance: body.amount,
    currency: body.currency,
    recipientName: body.recipient_name,
    message: body.message,
    buyerName: body.buyer_name,
    buyerEmail: body.buyer_email,
    language,
    source: 'online',
  });
  const page = voucherPageUrl(deps.mailer.baseUrl, voucher.token);
  let session: ProviderCheckout;
  try {
    session = await provider.createCheckout({
      reference: `gift-voucher-${voucher.id}`,
      amount: voucher.amount,
      currency: voucher.currency,
      purpose: 'gift_voucher',
      description: `Gift voucher for ${voucher.recipientName} (${formatPence(voucher.amount, voucher.currency)})`,
      customerEmail: body.buyer_email,
      successUrl: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}?payment=cancelled`,
      idempotencyKey: `hatch-gift-voucher-${voucher.id}`,
    });
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.error({ err: error, voucherId: voucher.id }, 'gift voucher checkout not created');
      throw new UpstreamError(PAYMENT_MESSAGES.providerFailed);
    }
    throw error;
  }
  if (!session.url) throw new UpstreamError(PAYMENT_MESSAGES.providerFailed);
  await setVoucherSession(deps.db, voucher.id, provider.name, session.id);
  return { token: voucher.token, checkoutUrl: session.url };
}

export type VoucherSettleOutcome = 'paid' | 'pending' | 'refused' | 'unknown';

/**
 * Settles a voucher's checkout from what the provider says of it, whoever asks first (the webhook, in the payments
 * domain's event transaction, or the printable page) and however often: a paid session for the voucher's amount and
 * currency issues it, exactly once (issueVoucher's conditional UPDATE). 'unknown': the session is no voucher's.
 */
export async function settleVoucherCheckout(
  tx: DbOrTx,
  input: { provider: PaymentProvider; session: ProviderCheckout; mailer: VoucherMailer; log: FastifyBaseLogger; now: Date },
): Promise<VoucherSettleOutcome> {
  const known = await voucherBySession(tx, input.provider.name, input.session.id);
  if (!known) return 'unknown';
  const voucher = await voucherBy(tx, { id: known.id }, { lock: true });
  if (!voucher) return 'unknown';
  if (voucher.issuedAt) return 'paid';
  if (!input.session.paid) return 'pending';
  if (input.session.amount !== voucher.amount || input.session.currency?.toUpperCase() !== voucher.currency) {
    input.log.error(
      { voucherId: voucher.id, expected: [voucher.amount, voucher.currency], got: [input.session.amount, input.session.currency] },
      'paid gift voucher checkout refused: not issued; staff must refund it at the provider',
    );
    return 'refused';
  }
  await issueVoucher(tx, { voucherId: voucher.id, now: input.now, mailTo: voucher.buyerEmail, mailer: input.mailer });
  return 'paid';
}

/**
 * The printable page's voucher. A pending one asks the provider how its checkout went (the buyer lands here from the
 * checkout page, maybe before the webhook), and is issued if paid: the same settling as the webhook's.
 */
export async function voucherOfPage(deps: VoucherCheckoutDeps, token: string, now: Date): Promise<VoucherRow> {
  const voucher = await voucherBy(deps.db, { token });
  if (!voucher) throw new NotFoundError(GIFT_VOUCHER_MESSAGES.notFound);
  const provider = deps.setup.provider;
  if (voucher.issuedAt || !provider || voucher.provider !== provider.name || !voucher.providerSessionId) return voucher;
  let session: ProviderCheckout;
  try {
    session = await provider.retrieveCheckout(voucher.providerSessionId);
  } catch (error) {
    if (error instanceof ProviderError) {
      deps.log.warn({ err: error, voucherId: voucher.id }, 'gift voucher checkout not retrieved: shown as pending');
      return voucher;
    }
    throw error;
  }
  if (!session.paid) return voucher;
  await deps.db.transaction((tx) => settleVoucherCheckout(tx, { provider, session, mailer: deps.mailer, log: deps.log, now }));
  return (await voucherBy(deps.db, { token })) ?? voucher;
}
