import { describe, expect, it, beforeEach } from 'vitest';
import type { BookerBooking } from '../../src/shared/api/booking';
import { bookerGameEndpoints as game } from '../../src/shared/api/endpoints/booker-game';
import { paymentEndpoints } from '../../src/shared/api/endpoints/payments';
import { publicBookingEndpoints as bookingEp } from '../../src/shared/api/endpoints/public-booking';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { bookerShowcaseEndpoints } from '../../src/shared/api/endpoints/showcase';
import { briefingEndpoints } from '../../src/shared/api/endpoints/briefing';
import { scriptEndpoints } from '../../src/shared/api/endpoints/script';
import type { PaymentState } from '../../src/shared/api/payments';
import { ManagePage } from '../../src/web/features/booker/manage-page';
import { paidBooking } from './support/admin-booking';
import { answer, failWith } from './support/network';
import { answerNothingPublished } from './support/privacy';
import { renderScreen, screen, within } from './support/render';

// No terms or waiver published: the booker's pages and the wizard ask for none (issue 41).
beforeEach(() => answerNothingPublished());

/**
 * The organiser page's words against the game's rules (issue 28): joining needs no activation (the join call's rule,
 * shared/lifecycle/joining.ts), after the game the page says it is over, and the Chicken's email error waits for the
 * organiser to have typed there.
 */
const PAID: PaymentState = {
  currency: 'GBP',
  total: 12_000,
  paid: 12_000,
  due: 0,
  deposit_percent: 25,
  balance_due_date: '2030-05-18',
  balance_due_on_booking: false,
  options: { deposit: null, full: null, balance: null },
  cancelled: false,
  provider: 'bank_transfer',
  bank_transfer: { reference: 'HATCH-GAME123456', details: null },
  payments: [],
};

function openManage(booking: BookerBooking) {
  answer(bookingEp.byManageKey, { booking });
  answer(paymentEndpoints.state, { payment: PAID });
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
  return renderScreen(<ManagePage />, { path: `/manage/${booking.manage_key}`, route: '/manage/:key' });
}

const gameOf = (booking: BookerBooking, changes: Partial<NonNullable<BookerBooking['game']>>): BookerBooking['game'] => {
  if (!booking.game) throw new Error('no game');
  return { ...booking.game, ...changes };
};

describe('the organiser page says what the game rules do (component)', () => {
  it('says players can join a paid game that is not activated, as the join call lets them', async () => {
    openManage(paidBooking());
    const status = await screen.findByTestId('join-status');
    expect(status.textContent).toContain('Players can join now');
    expect(document.body.textContent).not.toMatch(/join once it is activated|players can then join/i);
    expect(screen.getByTestId('game-stage').textContent).toBe('Set-up in progress');
  });

  it('after the game says the game is over and leads to the results, not "Activated" or "ready when the game is over"', async () => {
    const base = paidBooking({ booking_status: 'completed', game_activated: true });
    openManage({ ...base, game: gameOf(base, { activated: true, has_live_instance: true, status: 'ended', ended_at: '2030-06-01T15:00:00.000Z' }) });
    expect((await screen.findByTestId('game-stage')).textContent).toBe('Game over');
    const results = screen.getByTestId('results-link');
    expect(within(results).getByRole('link').textContent).toContain('The game is over');
    expect(document.body.textContent).not.toContain('ready when the game is over');
    expect(screen.queryAllByRole('button', { name: 'Activate game' })).toHaveLength(0);
    expect(screen.getByTestId('join-status').textContent).toContain('The game is over');
  });

  it("shows the Chicken's email error only after the field was left or the form sent", async () => {
    const { user } = openManage(paidBooking());
    const section = await screen.findByRole('region', { name: 'The Chicken' });
    await user.click(within(section).getByRole('radio', { name: /A player/ }));
    // Chosen, nothing typed yet: no error.
    expect(within(section).queryAllByRole('alert')).toHaveLength(0);
    const email = within(section).getByLabelText("Chicken's email");
    await user.click(email);
    await user.tab();
    expect((await within(section).findByRole('alert')).textContent).not.toBe('');
  });
});
