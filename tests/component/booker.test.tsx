import { describe, expect, it } from 'vitest';
import { privacyEndpoints } from '../../src/shared/api/endpoints/privacy';
import { waitFor } from '@testing-library/react';
import type { BookerBooking, PublicBooking } from '../../src/shared/api/booking';
import type { ChallengeOption } from '../../src/shared/api/booker-game';
import type { PaymentState } from '../../src/shared/api/payments';
import type { PlayGameResponse } from '../../src/shared/api/play';
import type { Pricing } from '../../src/shared/api/pricing';
import { bookerGameEndpoints as game } from '../../src/shared/api/endpoints/booker-game';
import { paymentEndpoints } from '../../src/shared/api/endpoints/payments';
import { playEndpoints } from '../../src/shared/api/endpoints/play';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { publicBookingEndpoints as bookingEp } from '../../src/shared/api/endpoints/public-booking';
import { invoiceEndpoints } from '../../src/shared/api/endpoints/invoices';
import { bookerShowcaseEndpoints } from '../../src/shared/api/endpoints/showcase';
import { briefingEndpoints } from '../../src/shared/api/endpoints/briefing';
import { scriptEndpoints } from '../../src/shared/api/endpoints/script';
import { manageKeyParams } from '../../src/shared/api/public-booking';
import { HatchPage } from '../../src/web/features/booker/hatch-page';
import { JoinPage } from '../../src/web/features/booker/join-page';
import { ManagePage } from '../../src/web/features/booker/manage-page';
import { PlayPage } from '../../src/web/features/play/play-page';
import { adminBooking, paidBooking } from './support/admin-booking';
import { answer, callsTo, failWith } from './support/network';
import { NO_CONSENTS } from './support/privacy';
import { findToast, renderScreen, screen, within } from './support/render';

/**
 * The booker's pages on their own (spec: the booker's pages, section 8's failure texts): what each shows for an
 * answer. The journeys (saving at the server price, setting up and activating a game, a lock set by staff while the
 * page is open, the map) and the phone layout are tests/e2e/booker.test.ts.
 */
const BANK = 'Hatch Ltd\nSort code 00-11-22\nAccount 12345678';

/** The organiser's view of an unpaid booking (what GET /api/booking/{temp code} answers). */
const unpaid = (overrides: Partial<BookerBooking> = {}): BookerBooking => adminBooking(overrides);
/** The organiser's view of a paid game (what GET /api/manage/{key} answers). */
const paid = (overrides: Partial<BookerBooking> = {}): BookerBooking => paidBooking(overrides);

function paymentState(overrides: Partial<PaymentState> = {}): PaymentState {
  return {
    currency: 'GBP',
    total: 12_000,
    paid: 0,
    due: 12_000,
    deposit_percent: 25,
    balance_due_date: '2030-05-18',
    balance_due_on_booking: false,
    options: { deposit: null, full: null, balance: null },
    cancelled: false,
    provider: 'bank_transfer',
    bank_transfer: { reference: 'HATCH-TMPCODE12345', details: BANK },
    payments: [],
    ...overrides,
  };
}

const PRICING: Pricing = {
  currency: 'GBP',
  plans: [
    { type: 'standard', name: 'Standard', description: 'The hunt', price: 15, formatted_amount: '£15', features: [], is_active: true, is_recommended: true },
  ],
  addons: [],
};

const CHALLENGES: ChallengeOption[] = [
  { id: 1, name: 'Sing a song', description: 'Loudly', type: 'photo', spice_level: 'mild' },
  { id: 2, name: 'Dance', description: 'In public', type: 'video', spice_level: 'spicy' },
];

function publicBooking(overrides: Partial<PublicBooking> = {}): PublicBooking {
  return {
    access: 'public',
    code: 'GAME123456',
    code_type: 'game',
    city: 'London',
    date: '2030-06-01',
    meeting_time: { hour: 14, minute: 0 },
    timezone: 'Europe/London',
    utcDateTime: '2030-06-01T13:00:00.000Z',
    duration: 120,
    players: 8,
    meeting_point_address: 'Soho Square gate',
    teams_list: [],
    added_challenges: [],
    game_activated: false,
    ...overrides,
  };
}

function openHatch(booking: BookerBooking, payment: PaymentState = paymentState()) {
  answer(bookingEp.byCode, { booking });
  answer(paymentEndpoints.state, { payment });
  answer(pricingEndpoint, PRICING);
  answer(privacyEndpoints.bookerConsents, NO_CONSENTS);
  return renderScreen(<HatchPage />, { path: `/hatch/${booking.temp_code}`, route: '/hatch/:tempCode' });
}

function openManage(booking: BookerBooking) {
  answer(bookingEp.byManageKey, { booking });
  answer(paymentEndpoints.state, { payment: paymentState({ paid: 12_000, due: 0 }) });
  answer(game.challengeOptions, { challenges: CHALLENGES });
  answer(privacyEndpoints.bookerConsents, NO_CONSENTS);
  // Not live yet: the live section says where the map will show, and its stream stays closed.
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

const bodyText = () => document.body.textContent ?? '';

/** The wordmark 'hatch.' in the brand header, back to the start (happy-dom names the link 'hatch .': read its text). */
function brandLink(): HTMLElement {
  // The header's other link is 'Gift vouchers' (issue 32).
  const link = within(screen.getByTestId('brand-header')).getByRole('link', { name: /^hatch/ });
  expect(link.textContent).toBe('hatch.');
  return link;
}

describe('/hatch/{temp_code}: a booking not yet paid (component)', () => {
  it('offers "Add to calendar": the .ics by the booking code, on the unpaid page and on the organiser page', async () => {
    const booking = unpaid();
    const { unmount } = openHatch(booking);
    const link = await screen.findByTestId('add-to-calendar');
    expect(link.textContent).toBe('Add to calendar');
    expect(link.getAttribute('href')).toBe(`/api/booking/${booking.code}/calendar.ics`);
    unmount();
    const game = paid();
    openManage(game);
    expect((await screen.findByTestId('add-to-calendar')).getAttribute('href')).toBe(`/api/booking/${game.code}/calendar.ics`);
  });

  it('says "Failed to update booking" when the save fails, and keeps the edit', async () => {
    const { user } = openHatch(unpaid());
    answer(bookingEp.update, failWith(500, 'Server Error'));
    await screen.findByRole('heading', { name: /Your booking/ });
    const company = await screen.findByLabelText('Company');
    await user.clear(company);
    await user.type(company, 'Globex');
    await user.click(screen.getByRole('button', { name: 'Save contact details' }));
    await findToast('Failed to update booking');
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Failed to update booking'))).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>('Company').value).toBe('Globex');
    expect(callsTo(bookingEp.update).map((c) => c.body)).toEqual([expect.objectContaining({ company_name: 'Globex' })]);
  });

  it('shows the new balance in Payment as soon as "Save game details" changes the price (no reload)', async () => {
    // 9 players at £15 is £135; the saved booking is 8 players, £120. The server prices the saved booking (version 2).
    const before = unpaid({ players: 9, total_price: 135 });
    const { user } = openHatch(before);
    answer(paymentEndpoints.state, ({ call }) => ({
      payment: call === 1 ? paymentState({ total: 13_500, due: 13_500 }) : paymentState({ total: 12_000, due: 12_000 }),
    }));
    answer(bookingEp.update, { booking: unpaid({ players: 8, total_price: 120, version: 2 }) });
    expect((await screen.findByTestId('balance-due')).textContent).toBe('£135.00');
    await user.click(screen.getByRole('button', { name: 'Fewer players' }));
    await user.click(screen.getByRole('button', { name: 'Save game details' }));
    await waitFor(() => expect(screen.getByTestId('total-price').textContent).toBe('£120'));
    // The summary and Payment agree at once: never the old £135 beside the new total.
    expect(screen.queryByTestId('balance-due')?.textContent ?? null).not.toBe('£135.00');
    await waitFor(() => expect(screen.getByTestId('balance-due').textContent).toBe('£120.00'));
    expect(callsTo(paymentEndpoints.state)).toHaveLength(2);
  });

  it('once paid, the temporary code manages nothing: it says where the game is managed now', async () => {
    answer(bookingEp.byCode, { booking: publicBooking() });
    renderScreen(<HatchPage />, { path: '/hatch/TMPCODE12345', route: '/hatch/:tempCode' });
    await screen.findByTestId('paid-notice');
    const text = bodyText();
    expect(text).toContain('Soho Square gate');
    expect(text).not.toContain('The Crown, Soho');
    expect(text).not.toContain('Locked Booker');
    expect(screen.queryAllByRole('button', { name: /Save/ })).toHaveLength(0);
  });

  it('shows the account and the reference under the brand header, and a game 5 days away due today, on booking', async () => {
    const booking = unpaid({ date: '2030-05-06' });
    openHatch(
      booking,
      paymentState({ balance_due_date: '2030-05-01', balance_due_on_booking: true, bank_transfer: { reference: `HATCH-${booking.temp_code}`, details: BANK } }),
    );
    await screen.findByRole('heading', { name: /Your booking/ });
    expect(brandLink().getAttribute('href')).toBe('/');
    const transfer = await screen.findByTestId('bank-transfer');
    // innerText is layout in a browser; here the text node keeps the account's line breaks as they are shown.
    expect(screen.getByTestId('bank-details').textContent).toBe(BANK);
    expect(transfer.textContent).toContain(`Reference: HATCH-${booking.temp_code}`);
    expect(transfer.textContent).toContain('also in your booking confirmation email');
    expect(transfer.textContent).not.toContain('will email you the account');
    expect(screen.getByTestId('balance-due-date').textContent).toBe('Today, 1 May 2030');
    screen.getByTestId('due-on-booking');
  });

  it('shows the brand header on a page whose booking was not found', async () => {
    answer(bookingEp.byCode, failWith(404, 'Booking not found', 'not_found'));
    renderScreen(<HatchPage />, { path: '/hatch/NOSUCHCODE1', route: '/hatch/:tempCode' });
    await screen.findByRole('heading', { name: 'Booking not found' });
    expect(brandLink().getAttribute('href')).toBe('/');
  });
});

describe('/play/{code}: a game code that does not exist (component)', () => {
  it('offers another code and the home page on "Game not found", not a Retry that cannot help', async () => {
    const lobby: PlayGameResponse = {
      game: {
        code: 'GAME123456',
        status: 'not_started',
        starts_at: '2030-06-01T13:00:00.000Z',
        ends_at: null,
        duration: 120,
        area: { lat: 51.5, lng: -0.12, radius: 1000 },
        weapons_on: false,
        plan_type: 'standard',
        city: 'London',
      },
      teams: [],
      players_count: 0,
      booked_players: 8,
      meeting_point: null,
      meeting_point_notes: null,
      timezone: 'Europe/London',
    };
    answer(playEndpoints.game, ({ params }) => (params.code === 'GAME123456' ? lobby : failWith(404, 'Game not found', 'not_found')));
    answer(privacyEndpoints.current, {
      terms: null,
      waiver: null,
      notice: { positions_days: 30, media_days: 90, lead_months: 24, contact_name: '', contact_email: '' },
    });
    const { user, location } = renderScreen(<PlayPage />, { path: '/play/NOPE9999', route: '/play/:code' });
    await screen.findByRole('heading', { name: 'Game not found' });
    expect(screen.queryAllByRole('button', { name: 'Retry' })).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await user.type(screen.getByRole('textbox', { name: 'Game code' }), 'game123456');
    await user.click(screen.getByRole('button', { name: 'Open the game' }));
    await screen.findByRole('heading', { name: 'Join game GAME123456' });
    expect(location()).toBe('/play/GAME123456');
  });
});

describe('/booking/{code}: the players’ join page (component)', () => {
  it('shows a player with only the game code the public game: no hiding spot, no organiser contact, nothing to change', async () => {
    answer(bookingEp.byCode, { booking: publicBooking() });
    renderScreen(<JoinPage />, { path: '/booking/game123456', route: '/booking/:code' });
    await screen.findByTestId('public-game');
    expect(screen.getByTestId('join-opens').textContent).toContain('Join now to pick your team');
    // The player app is one tap away.
    expect(screen.getByTestId('join-game').getAttribute('href')).toBe('/play/GAME123456');
    // "Add to calendar": the game's .ics by the same code (what the players hold; decision 0375).
    expect(screen.getByTestId('add-to-calendar').getAttribute('href')).toBe('/api/booking/GAME123456/calendar.ics');
    const text = bodyText();
    expect(text).toContain('Soho Square gate');
    for (const secret of ['The Crown, Soho', 'Locked Booker', 'Locked Ltd', '@example.test', '£']) expect(text).not.toContain(secret);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('sends an unpaid booking’s code on to /hatch, and says so for an unknown code', async () => {
    answer(bookingEp.byCode, ({ params }) => (params.code === 'TMPCODE12345' ? { booking: unpaid() } : failWith(404, 'Booking not found', 'not_found')));
    const { location, unmount } = renderScreen(<JoinPage />, { path: '/booking/TMPCODE12345', route: '/booking/:code' });
    await waitFor(() => expect(location()).toBe('/hatch/TMPCODE12345'));
    unmount();
    renderScreen(<JoinPage />, { path: '/booking/NOSUCHCODE1', route: '/booking/:code' });
    await screen.findByRole('heading', { name: 'Booking not found' });
  });
});

describe('a /manage/ address whose key is wrong (component)', () => {
  // What the server answers (public-booking-routes.ts): a key of no booking 404, a key that cannot be one 422 (its params schema).
  const byKey = ({ params }: { params: { key: string } }) =>
    manageKeyParams.safeParse(params).success
      ? failWith(404, 'Booking not found', 'not_found')
      : failWith(422, 'Invalid management key', 'validation_failed', { key: ['Invalid management key'] });

  it('says "Booking not found" for a mistyped or cut-short key, like the other booking pages, and a fault only for a fault', async () => {
    answer(bookingEp.byManageKey, byKey);
    const cut = renderScreen(<ManagePage />, { path: '/manage/abc123', route: '/manage/:key' });
    await screen.findByRole('heading', { name: 'Booking not found' });
    expect(bodyText()).not.toContain('Failed to load booking details');
    cut.unmount();
    const unknown = renderScreen(<ManagePage />, { path: `/manage/${'k'.repeat(43)}`, route: '/manage/:key' });
    await screen.findByRole('heading', { name: 'Booking not found' });
    unknown.unmount();
    // A real fault keeps saying so.
    answer(bookingEp.byManageKey, failWith(500, 'Server Error', 'server_error'));
    renderScreen(<ManagePage />, { path: `/manage/${'k'.repeat(43)}`, route: '/manage/:key' });
    await screen.findByText('Failed to load booking details', undefined, { timeout: 5_000 });
  });
});

describe('/manage/{key}: the organiser sets up a paid game (component)', () => {
  it('shows the brand header, a section staff locked read-only, and a staff-owned spot without a form', async () => {
    openManage(
      paid({
        locked_challenges: true,
        added_challenges: [1],
        meeting_point_address: 'Soho Square gate',
        meeting_point_status: 'confirmed',
        meeting_point_owner: 'admin',
        hiding_spot_address: 'The Crown, Soho',
        hiding_spot_status: 'confirmed',
        hiding_spot_owner: 'admin',
      }),
    );
    await screen.findByTestId('challenges-locked');
    // The brand header on /manage too (its place on a phone: tests/e2e/booker.test.ts).
    expect(brandLink().getAttribute('href')).toBe('/');
    expect(screen.queryAllByRole('button', { name: 'Save challenges' })).toHaveLength(0);
    // The challenge list loads on its own, beside the booking (and the payment panel): wait for it.
    const boxes = await waitFor(() => {
      const found = document.querySelectorAll<HTMLInputElement>('#challenges input[type=checkbox]');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(boxes[0]?.disabled).toBe(true);
    const hiding = screen.getByTestId('spot-hiding_spot');
    expect(hiding.textContent).toContain('The Crown, Soho');
    expect(hiding.textContent).toContain('Confirmed');
    expect(within(hiding).queryAllByRole('textbox')).toHaveLength(0);
    // The other sections stay open.
    expect(screen.getAllByRole('button', { name: 'Save teams' })).toHaveLength(1);
  });

  it('keeps unsaved challenges and says "Failed to save challenges"; rolls activation back with "Failed to activate game"', async () => {
    const { user } = openManage(paid({ added_challenges: [1] }));
    answer(game.saveChallenges, failWith(500, 'Server Error'));
    answer(game.activate, failWith(500, 'Server Error'));
    await waitFor(() => expect(screen.getByTestId('challenges-count').textContent).not.toBe('0 selected'));
    const challenges = document.querySelector<HTMLElement>('#challenges');
    if (!challenges) throw new Error('no challenges section');
    const first = challenges.querySelector<HTMLInputElement>('li input[type=checkbox]');
    if (!first) throw new Error('no challenge to tick');
    await user.click(first);
    await user.click(screen.getByRole('button', { name: 'Save challenges' }));
    await findToast('Failed to save challenges');
    within(challenges).getByText('Unsaved changes');
    await waitFor(() =>
      expect(
        within(challenges)
          .getAllByRole('alert')
          .some((a) => a.textContent?.includes('Failed to save challenges')),
      ).toBe(true),
    );

    // Activation shows at once (optimistic), then rolls back when the call fails.
    await user.click(screen.getByRole('button', { name: 'Activate game' }));
    await findToast('Failed to activate game');
    await screen.findByRole('button', { name: 'Activate game' });
    expect(screen.queryByTestId('activated-note')).toBeNull();
    expect(callsTo(game.activate)).toHaveLength(1);
  });

  it('lists the invoices and saves the company and address they are made out to', async () => {
    const booking = paid();
    const { user } = openManage(booking);
    const invoice = {
      number: 'HATCH-2026-0007',
      kind: 'invoice' as const,
      issued_at: '2026-11-27T10:00:00.000Z',
      gross: 12_000,
      currency: 'GBP',
      pdf_url: '/x.pdf',
    };
    answer(invoiceEndpoints.bookerList, { invoices: [invoice] });
    answer(invoiceEndpoints.bookerSaveBuyer, ({ body }) => ({ buyer: body }));
    const list = await screen.findByTestId('invoice-list');
    within(list).getByText('Invoice HATCH-2026-0007');
    within(list).getByText(/27 Nov 2026 · £120\.00/);
    await user.type(screen.getByLabelText('Company name'), 'Acme Widgets plc');
    await user.type(screen.getByLabelText('Billing address'), '42 Sprocket Lane');
    await user.click(screen.getByRole('button', { name: 'Save invoice details' }));
    await findToast('Invoice details saved');
    const saves = callsTo(invoiceEndpoints.bookerSaveBuyer);
    expect(saves.map((c) => c.body)).toEqual([{ company_name: 'Acme Widgets plc', address: '42 Sprocket Lane' }]);
    expect(saves[0]?.url.pathname).toBe(`/api/booking/${booking.code}/invoice-details`);
  });
});
