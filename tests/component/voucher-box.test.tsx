import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookerBooking } from '../../src/shared/api/booking';
import type { DiscountQuote } from '../../src/shared/api/promo-codes';
import type { PaymentState } from '../../src/shared/api/payments';
import type { Pricing } from '../../src/shared/api/pricing';
import { giftVoucherEndpoints } from '../../src/shared/api/endpoints/gift-vouchers';
import { paymentEndpoints } from '../../src/shared/api/endpoints/payments';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { discountQuoteEndpoint } from '../../src/shared/api/endpoints/promo-codes';
import { publicBookingEndpoints as bookingEp } from '../../src/shared/api/endpoints/public-booking';
import { DISCOUNT_MESSAGES } from '../../src/shared/commerce/discount-code';
import { GIFT_VOUCHER_MESSAGES } from '../../src/shared/commerce/gift-vouchers';
import { defaultWizardState, wizardReducer, type WizardAction } from '../../src/web/components/booking-wizard/wizard-state';
import { serializeWizard } from '../../src/web/components/booking-wizard/wizard-io';
import { WIZARD_STORAGE_KEY } from '../../src/web/components/booking-wizard/wizard-store';
import { HatchPage } from '../../src/web/features/booker/hatch-page';
import { WizardPage } from '../../src/web/features/wizard/wizard-page';
import { adminBooking, paidBooking } from './support/admin-booking';
import { bookerGameEndpoints as game } from '../../src/shared/api/endpoints/booker-game';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { bookerShowcaseEndpoints } from '../../src/shared/api/endpoints/showcase';
import { briefingEndpoints } from '../../src/shared/api/endpoints/briefing';
import { scriptEndpoints } from '../../src/shared/api/endpoints/script';
import { ManagePage } from '../../src/web/features/booker/manage-page';
import { answer, callsTo, failWith } from './support/network';
import { answerNothingPublished } from './support/privacy';
import { renderScreen, screen, within } from './support/render';
import { act } from '@testing-library/react';

// No terms or waiver published: the booker's pages and the wizard ask for none (issue 41).
beforeEach(() => answerNothingPublished());

/**
 * The one code box with a gift voucher (issue 32, decision 0406): the wizard's summary and the booker page say what the
 * voucher pays and what is left to pay; a promo code still takes its discount off. Journey: tests/e2e/discount-and-voucher.test.ts.
 */

const PRICING: Pricing = {
  currency: 'GBP',
  plans: [
    { type: 'standard', name: 'Standard', description: 'The hunt', price: 15, formatted_amount: '£15', features: [], is_active: true, is_recommended: true },
  ],
  addons: [],
};

const quote = (overrides: Partial<DiscountQuote>): DiscountQuote => ({
  discount_code: 'SUMMER10',
  kind: 'promo',
  price_per_person: 15,
  add_ons_total: 0,
  discount_total: 12,
  total_price: 108,
  voucher_balance: null,
  ...overrides,
});
const VOUCHER = quote({ discount_code: 'ABCDEFGHJKMN', kind: 'voucher', discount_total: 0, total_price: 120, voucher_balance: 5_000 });

/** The wizard as a booker left it on the summary step (what its sessionStorage keeps): 8 players, Standard, London. */
function savedAtSummary() {
  const actions: WizardAction[] = [
    { type: 'setDate', date: '2030-06-01' },
    { type: 'selectCity', city: { id: 'london', name: 'London', displayName: 'London, England', lat: 51.5, lng: -0.12, timezone: 'Europe/London' } },
    { type: 'setContact', field: 'email', value: 'booker@example.test' },
    { type: 'jump', step: 4 },
  ];
  const state = actions.reduce(wizardReducer, defaultWizardState('Europe/London'));
  sessionStorage.setItem(WIZARD_STORAGE_KEY, serializeWizard(state));
}

/** The wizard restores the saved summary step once its schemas chunk is in (it suspends meanwhile): rendered in an awaited act. */
async function openWizard() {
  let utils: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    utils = renderScreen(<WizardPage />, { path: '/?step=summary', route: '/' });
  });
  if (!utils) throw new Error('not rendered');
  await screen.findByRole('heading', { level: 2, name: 'Check your booking' }, { timeout: 5_000 });
  return utils;
}

describe("the wizard's summary with a gift voucher (component)", () => {
  beforeEach(() => {
    sessionStorage.clear();
    savedAtSummary();
  });

  it('keeps the total and says what the voucher pays and what is left; Book now sends the code', async () => {
    answer(pricingEndpoint, PRICING);
    answer(discountQuoteEndpoint, ({ params }) =>
      params.code === 'abcd-efgh-jkmn' ? VOUCHER : failWith(422, 'invalid', 'validation_failed', { discount_code: [DISCOUNT_MESSAGES.unknown] }),
    );
    const { user } = await openWizard();
    expect((await screen.findByTestId('summary-total')).textContent).toBe('£120');

    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'nope');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    await within(box).findByText(DISCOUNT_MESSAGES.unknown);

    await user.clear(within(box).getByLabelText('Promo code or gift voucher'));
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'abcd-efgh-jkmn');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('voucher-applied')).textContent).toBe('Gift voucher ABCD-EFGH-JKMN applied: it pays £50.00. Left to pay: £70.00.');
    // A payment, not a discount: the total stays, no discount row.
    expect(screen.getByTestId('summary-total').textContent).toBe('£120');
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    expect(screen.getByTestId('summary-voucher').textContent).toBe('−£50.00');
    expect(screen.getByTestId('summary-left-to-pay').textContent).toBe('£70.00');
    expect(screen.getByText('Gift voucher (ABCD-EFGH-JKMN)')).toBeTruthy();

    answer(bookingEp.create, failWith(422, 'invalid', 'validation_failed', { discount_code: [DISCOUNT_MESSAGES.voucherEmpty] }));
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await screen.findByText(DISCOUNT_MESSAGES.voucherEmpty);
    expect(callsTo(bookingEp.create).map((c) => (c.body as { discount_code: unknown }).discount_code)).toEqual(['ABCDEFGHJKMN']);
  });

  it('a voucher worth more than the total pays all of it', async () => {
    answer(pricingEndpoint, PRICING);
    answer(discountQuoteEndpoint, { ...VOUCHER, voucher_balance: 20_000 });
    const { user } = await openWizard();
    const box = await screen.findByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'ABCDEFGHJKMN');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('voucher-applied')).textContent).toBe('Gift voucher ABCD-EFGH-JKMN applied: it pays £120.00. Left to pay: £0.00.');
  });

  it('a promo code still shows its discount and the new total', async () => {
    answer(pricingEndpoint, PRICING);
    answer(discountQuoteEndpoint, quote({}));
    const { user } = await openWizard();
    const box = await screen.findByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'summer10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code SUMMER10 applied.');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−£12');
    expect(screen.getByTestId('summary-total').textContent).toBe('£108');
    expect(screen.queryByTestId('summary-voucher')).toBeNull();
    // The one breakdown (issue 35): per person × players and the list price the discount is taken from, adding up.
    const summary = screen.getByLabelText('Booking summary');
    expect(within(summary).getByText('£15 per person × 8 players')).toBeTruthy();
    expect(within(summary).getByTestId('summary-players').textContent).toBe('£120');
    expect(within(summary).getByTestId('summary-list').textContent).toBe('£120');
    expect(within(summary).getByText('Discount (SUMMER10)')).toBeTruthy();
  });
});

const payment = (overrides: Partial<PaymentState> = {}): PaymentState => ({
  currency: 'GBP',
  total: 10_800,
  paid: 0,
  due: 10_800,
  deposit_percent: 25,
  balance_due_date: '2030-05-18',
  balance_due_on_booking: false,
  options: { deposit: 2_700, full: 10_800, balance: null },
  cancelled: false,
  provider: 'stripe',
  bank_transfer: { reference: 'HATCH-TMPCODE12345', details: null },
  payments: [],
  ...overrides,
});

/** The booker page of an unpaid booking that took SUMMER10 in the wizard: £120 less £12. */
function openHatch(overrides: Partial<BookerBooking> = {}) {
  const booking: BookerBooking = adminBooking({ discount_code: 'SUMMER10', discount_total: 12, total_price: 108, ...overrides });
  answer(bookingEp.byCode, { booking });
  answer(paymentEndpoints.state, { payment: payment() });
  answer(pricingEndpoint, PRICING);
  return { booking, ...renderScreen(<HatchPage />, { path: `/hatch/${booking.temp_code}`, route: '/hatch/:tempCode' }) };
}

describe('the booker page: a gift voucher on top of a promo code (component)', () => {
  it('the voucher pays through its own call; the booking, now a game, goes on to the management page', async () => {
    const { booking, user, location } = openHatch();
    expect((await screen.findByTestId('booking-discount')).textContent).toContain('Discount (SUMMER10): −£12.');
    answer(discountQuoteEndpoint, VOUCHER);
    answer(giftVoucherEndpoints.redeem, {
      booking: { ...booking, code: 'GAME123456', code_type: 'game', version: booking.version + 1 },
      voucher: { code: 'ABCDEFGHJKMN', paid: 5_000, balance: 0, currency: 'GBP' },
    });
    // The box stays open under the promo code for a voucher.
    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'ABCD EFGH JKMN');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));

    await screen.findByText('Left the screen');
    expect(location()).toBe(`/manage/${booking.manage_key}`);
    expect(callsTo(giftVoucherEndpoints.redeem).map((c) => [c.path, c.body])).toEqual([[`/api/booking/${booking.code}/voucher`, { code: 'ABCD EFGH JKMN' }]]);
    // The quote asked with the booking's own choices; the promo code stayed (no PATCH).
    expect(Object.fromEntries(callsTo(discountQuoteEndpoint)[0]?.url.searchParams ?? [])).toMatchObject({
      plan_type: 'standard',
      players: '8',
      currency: 'GBP',
    });
    expect(callsTo(bookingEp.update)).toEqual([]);
  });

  it('says what the voucher paid and what is left while the booking stays on this page', async () => {
    const { booking, user } = openHatch();
    await screen.findByTestId('booking-discount');
    answer(discountQuoteEndpoint, VOUCHER);
    answer(giftVoucherEndpoints.redeem, {
      booking: { ...booking, version: booking.version + 1 },
      voucher: { code: 'ABCDEFGHJKMN', paid: 5_000, balance: 0, currency: 'GBP' },
    });
    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'ABCDEFGHJKMN');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('voucher-applied')).textContent).toBe('Gift voucher ABCD-EFGH-JKMN applied: it paid £50.00. Left to pay: £58.00.');
  });

  it("shows the voucher call's refusal under the box, and a promo code still goes to the booking", async () => {
    const { booking, user } = openHatch({ discount_code: null, discount_total: 0, total_price: 120 });
    await screen.findByTestId('payment-panel');
    answer(discountQuoteEndpoint, VOUCHER);
    answer(giftVoucherEndpoints.redeem, failWith(422, 'invalid', 'validation_failed', { code: [GIFT_VOUCHER_MESSAGES.nothingDue] }));
    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'ABCDEFGHJKMN');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    await within(box).findByText(GIFT_VOUCHER_MESSAGES.nothingDue);

    answer(discountQuoteEndpoint, quote({}));
    answer(bookingEp.update, ({ body }) => ({
      booking: { ...booking, discount_code: body.discount_code ? 'SUMMER10' : null, discount_total: 12, total_price: 108, version: 2 },
    }));
    await user.clear(within(box).getByLabelText('Promo code or gift voucher'));
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'summer10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('booking-discount')).textContent).toContain('Discount (SUMMER10): −£12.');
    expect(callsTo(bookingEp.update).map((c) => c.body)).toEqual([{ discount_code: 'summer10' }]);
  });
});

/** The management page of a paid game with £58 still due (a deposit or a voucher paid the rest). */
function openManage(due: number) {
  const booking: BookerBooking = paidBooking({ total_price: 108, discount_code: 'SUMMER10', discount_total: 12 });
  answer(bookingEp.byManageKey, { booking });
  answer(paymentEndpoints.state, ({ call }) => ({
    payment: payment({ paid: 10_800 - due + (call > 1 ? 2_000 : 0), due: due - (call > 1 ? 2_000 : 0), options: { deposit: null, full: null, balance: due } }),
  }));
  answer(game.challengeOptions, { challenges: [] });
  answer(game.live, failWith(404, 'Game not found', 'not_found'));
  answer(game.liveStream, failWith(404, 'Game not found', 'not_found'));
  answer(invoiceEndpoints.bookerList, { invoices: [] });
  answer(invoiceEndpoints.bookerBuyer, { buyer: { company_name: '', address: '' } });
  answer(bookerShowcaseEndpoints.screen, { url: '/screen/SCREENTOKEN' });
  answer(bookerShowcaseEndpoints.recapState, { published: false, url: '/recap/RECAPTOKEN' });
  answer(briefingEndpoints.booker, { briefing: null, finish_message: null, default_briefing: 'Stay together.', default_finish_message: 'Meet at the start.' });
  answer(scriptEndpoints.booker, { game_status: 'not_started', steps: [], challenges: [], stations: [] });
  answer(scriptEndpoints.bookerRules, { rules: { cost_points: 0, cooldown_seconds: 300 }, is_default: true });
  return { booking, ...renderScreen(<ManagePage />, { path: `/manage/${booking.manage_key}`, route: '/manage/:key' }) };
}

describe('the management page: a gift voucher for what is still due (component)', () => {
  it('takes a voucher while something is due and says what it paid and what is left', async () => {
    const { booking, user } = openManage(5_800);
    const box = await screen.findByRole('form', { name: 'Promo code or gift voucher' });
    answer(giftVoucherEndpoints.redeem, {
      booking: { ...booking, version: booking.version + 1 },
      voucher: { code: 'ABCDEFGHJKMN', paid: 2_000, balance: 0, currency: 'GBP' },
    });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'ABCDEFGHJKMN');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('voucher-applied')).textContent).toBe('Gift voucher ABCD-EFGH-JKMN applied: it paid £20.00. Left to pay: £38.00.');
    expect(callsTo(giftVoucherEndpoints.redeem).map((c) => c.body)).toEqual([{ code: 'ABCDEFGHJKMN' }]);
    await vi.waitFor(() => expect(screen.getByTestId('balance-due').textContent).toBe('£38.00'));
  });

  it("a promo code there is refused in the server's words", async () => {
    const { user } = openManage(5_800);
    const box = await screen.findByRole('form', { name: 'Promo code or gift voucher' });
    answer(giftVoucherEndpoints.redeem, failWith(422, 'invalid', 'validation_failed', { code: [GIFT_VOUCHER_MESSAGES.notAVoucher] }));
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'SUMMER10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    await within(box).findByText(GIFT_VOUCHER_MESSAGES.notAVoucher);
  });

  it('shows no box once everything is paid', async () => {
    openManage(0);
    await screen.findByText('Paid in full. Thank you!');
    expect(screen.queryByRole('form', { name: 'Promo code or gift voucher' })).toBeNull();
  });
});
