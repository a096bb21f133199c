import { describe, expect, it, beforeEach } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { AdminBooking, BookerBooking } from '../../src/shared/api/booking';
import type { PaymentState } from '../../src/shared/api/payments';
import type { Pricing } from '../../src/shared/api/pricing';
import { paymentEndpoints } from '../../src/shared/api/endpoints/payments';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { discountQuoteEndpoint } from '../../src/shared/api/endpoints/promo-codes';
import { publicBookingEndpoints as bookingEp } from '../../src/shared/api/endpoints/public-booking';
import { HatchPage } from '../../src/web/features/booker/hatch-page';
import { PlanPricingSection } from '../../src/web/features/admin-booking-detail/plan-pricing-section';
import { adminBooking } from './support/admin-booking';
import { answer, callsTo } from './support/network';
import { answerNothingPublished } from './support/privacy';
import { renderScreen, screen, within } from './support/render';

// No terms or waiver published: the booker's pages and the wizard ask for none (issue 41).
beforeEach(() => answerNothingPublished());

/** Issue 35: every summary lists the price per person × players, the add-ons, the discount with its code, the total. */

// 12 players at £20 and the host (£300): £540, 10 % off with SUMMER10 is £54, so £486.
const discounted = (overrides: Partial<AdminBooking> = {}): AdminBooking =>
  adminBooking({
    players: 12,
    plan_type: 'pro',
    add_ons: ['hosted'],
    price_per_person: 20,
    add_ons_total: 300,
    discount_code: 'SUMMER10',
    discount_total: 54,
    total_price: 486,
    ...overrides,
  });

const PRICING: Pricing = {
  currency: 'GBP',
  plans: [
    { type: 'standard', name: 'Standard', description: 'The hunt', price: 15, formatted_amount: '£15', features: [], is_active: true, is_recommended: false },
    { type: 'pro', name: 'Weapons', description: 'Power-ups', price: 20, formatted_amount: '£20', features: [], is_active: true, is_recommended: true },
  ],
  addons: [{ type: 'hosted', name: 'In-Person Host', description: 'A host', price: 300, formatted_amount: '£300', features: [] }],
};

function paymentState(total: number): PaymentState {
  return {
    currency: 'GBP',
    total,
    paid: 0,
    due: total,
    deposit_percent: 25,
    balance_due_date: '2030-05-18',
    balance_due_on_booking: false,
    options: { deposit: null, full: null, balance: null },
    cancelled: false,
    provider: 'bank_transfer',
    bank_transfer: { reference: 'HATCH-TMPCODE12345', details: 'Hatch Ltd' },
    payments: [],
  };
}

function openHatch(booking: BookerBooking) {
  answer(bookingEp.byCode, { booking });
  answer(paymentEndpoints.state, { payment: paymentState(booking.total_price * 100) });
  answer(pricingEndpoint, PRICING);
  return renderScreen(<HatchPage />, { path: `/hatch/${booking.temp_code}`, route: '/hatch/:tempCode' });
}

/** A description list's rows as "term: value". */
const rowsOf = (list: HTMLElement) => Array.from(list.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent ?? ''}`);

describe('the price breakdown (component)', () => {
  it("the booker page's summary lists the list price, the discount with its code and the total, which add up", async () => {
    openHatch(discounted());
    const summary = await screen.findByTestId('booking-summary');
    expect(rowsOf(summary).filter((row) => /£/.test(row))).toEqual([
      '£20 per person × 12 players: £240',
      'Add-ons total: £300',
      'List price: £540',
      'Discount (SUMMER10): −£54',
      'Total: £486',
    ]);
  });

  it("the game details' new total is after the discount, as the server quotes it for the changed choices", async () => {
    const { user } = openHatch(discounted());
    answer(discountQuoteEndpoint, {
      discount_code: 'SUMMER10',
      kind: 'promo',
      price_per_person: 20,
      add_ons_total: 300,
      discount_total: 52,
      total_price: 468,
      voucher_balance: null,
    });
    expect((await screen.findByTestId('preview-total')).textContent).toBe('£486');
    expect(screen.getByTestId('preview-discount').textContent).toBe('Discount (SUMMER10): −£54');
    await user.click(screen.getByRole('button', { name: 'Fewer players' }));
    // 11 × £20 + £300 = £520, less 10 %: £468, not the list total £520.
    await waitFor(() => expect(screen.getByTestId('preview-total').textContent).toBe('£468'));
    expect(screen.getByTestId('preview-discount').textContent).toBe('Discount (SUMMER10): −£52');
    const [call] = callsTo(discountQuoteEndpoint);
    expect(call?.path).toBe('/api/discount-codes/SUMMER10');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ plan_type: 'pro', players: '11', currency: 'GBP', add_ons: 'hosted' });
  });

  it("staff's booking page shows the same lines, the discount with its code", () => {
    renderScreen(<PlanPricingSection booking={discounted()} />, { path: '/admin/bookings/41' });
    expect(rowsOf(screen.getByTestId('price-breakdown'))).toEqual([
      '£20 per person × 12 players: £240',
      'Add-ons total: £300',
      'List price: £540',
      'Discount (SUMMER10): −£54',
      'Total price: £486',
    ]);
    expect(within(screen.getByTestId('price-breakdown')).getByText('Discount (SUMMER10)')).toBeTruthy();
  });
});
