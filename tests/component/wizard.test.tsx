import { beforeEach, describe, expect, it } from 'vitest';
import { privacyEndpoints } from '../../src/shared/api/endpoints/privacy';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { geocodeEndpoint } from '../../src/shared/api/endpoints/geocode';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import { discountQuoteEndpoint } from '../../src/shared/api/endpoints/promo-codes';
import type { Pricing } from '../../src/shared/api/pricing';
import type { DiscountQuote } from '../../src/shared/api/promo-codes';
import type { Place } from '../../src/shared/api/public-booking';
import { formatMinor, minorToUnits } from '../../src/shared/money';
import { DEFAULT_PRICES_MINOR } from '../../src/shared/prices';
import { ADD_ONS, PLANS, RECOMMENDED_PLAN, type Currency } from '../../src/shared/plans';
import { SELECTABLE_TIMEZONES, utcToLocal } from '../../src/shared/time';
import { WizardPage } from '../../src/web/features/wizard/wizard-page';
import { answer, callsTo, failWith } from './support/network';
import { NOTHING_PUBLISHED } from './support/privacy';
import { renderScreen, screen, within } from './support/render';

/** The reference price list (DEFAULT_PRICES_MINOR, seeded by src/server/seed/seed.ts) as GET /api/pricing answers it. */
function pricing(currency: Currency): Pricing {
  const table = DEFAULT_PRICES_MINOR[currency];
  return {
    currency,
    plans: PLANS.map((p) => {
      const price = table.plans[p.type];
      return {
        type: p.type,
        name: p.name,
        description: p.description,
        price: minorToUnits(price),
        formatted_amount: formatMinor(price, currency),
        features: p.features,
        is_active: true,
        is_recommended: p.type === RECOMMENDED_PLAN,
      };
    }),
    addons: ADD_ONS.map((a) => ({
      type: a.type,
      name: a.name,
      description: a.description,
      price: minorToUnits(table.addons[a.type]),
      formatted_amount: formatMinor(table.addons[a.type], currency),
      features: a.features,
    })),
  };
}

const place = (name: string, display: string, timezone: string): Place => ({
  id: name.toLowerCase(),
  name,
  display_name: display,
  lat: 51.5,
  lng: -0.12,
  country: 'United Kingdom',
  country_code: 'GB',
  timezone,
  type: 'city',
});
const LONDON = place('London', 'London, England, United Kingdom', 'Europe/London');
const EDINBURGH = place('Edinburgh', 'Edinburgh, Scotland, United Kingdom', 'Europe/London');
const LONDONDERRY = place('Londonderry', 'Londonderry, Northern Ireland, United Kingdom', 'Europe/London');

const networkDown = (): never => {
  // What fetch does when the network drops the call (Playwright's route.abort('failed') in the browser tier).
  throw new TypeError('Failed to fetch');
};

const cityField = () => screen.getByRole('combobox', { name: 'City' });
/** The field's suggestion list, shown or not (the e2e tests' `getByRole('listbox', { includeHidden: true })`). */
function suggestionList(): HTMLElement {
  const list = document.getElementById(cityField().getAttribute('aria-controls') ?? '');
  if (list?.getAttribute('role') !== 'listbox' || list.getAttribute('aria-label') !== 'City suggestions') throw new Error('no City suggestions list');
  return list;
}
const stepTitle = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 3_000 });
const field = (text: string) => screen.getByLabelText(text, { exact: true });

/** The public wizard at / on its own (spec section 4); the booking journeys are tests/e2e/wizard*.test.ts. */
const priceList = ({ url }: { url: URL }) => pricing((url.searchParams.get('currency') as Currency | null) ?? 'GBP');

function openWizard({ prices = true, path = '/' }: { prices?: boolean; path?: string } = {}) {
  answer(pricingEndpoint, prices ? priceList : networkDown);
  answer(geocodeEndpoint, { results: [LONDON, LONDONDERRY] });
  // No booking terms published: the summary asks for none (issue 41).
  answer(privacyEndpoints.current, NOTHING_PUBLISHED);
  return renderScreen(<WizardPage />, { path, route: '/' });
}

/** A day of the calendar as react-day-picker names it ("Sunday, 15 March 2026"). */
function dayLabel(d: Date): RegExp {
  return new RegExp(`\\b${d.getDate()} ${d.toLocaleString('en-GB', { month: 'long' })} ${d.getFullYear()}\\b`);
}

/** Fills step 0 with a valid game (the 15th of next month, London) and moves on to the plan picker. */
async function completeStepZero(user: ReturnType<typeof openWizard>['user']): Promise<void> {
  await stepTitle("Let's hatch your game");
  await user.click(screen.getByRole('button', { name: /next month/i }));
  const now = new Date();
  await user.click(screen.getByRole('button', { name: dayLabel(new Date(now.getFullYear(), now.getMonth() + 1, 15)) }));
  await user.type(cityField(), 'Lond');
  await user.click(await screen.findByRole('option', { name: /^London,/ }, { timeout: 3_000 }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await stepTitle('Pick your game type');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the wizard on step 0 (component)', () => {
  it('says so under the field when city suggestions cannot be fetched', async () => {
    const { user } = openWizard();
    answer(geocodeEndpoint, networkDown);
    await stepTitle("Let's hatch your game");
    await user.type(cityField(), 'Manch');
    await screen.findByText('Failed to fetch city suggestions. Please try again.', {}, { timeout: 3_000 });
    expect(within(suggestionList()).queryAllByRole('option', { hidden: true })).toEqual([]);
    expect(callsTo(geocodeEndpoint).length).toBeGreaterThan(0);
  });

  it('refuses a time already gone today, under the meeting time field, and will not move on', async () => {
    // A zone where it is between 01:00 and 23:00 now: 00:00 today has passed there and 23:55 is still ahead (the first
    // zone past 01:00 was London, whose 23:55 had gone too in the last minutes of its day).
    const now = new Date();
    const hourIn = (z: string) => utcToLocal(now.toISOString(), z)?.time.hour ?? 0;
    const zone = SELECTABLE_TIMEZONES.map((z) => z.zone).find((z) => hourIn(z) >= 1 && hourIn(z) < 23) ?? 'Asia/Tokyo';
    const [y, m, d] = (utcToLocal(now.toISOString(), zone)?.date ?? '').split('-').map(Number);
    const { user } = openWizard();
    await stepTitle("Let's hatch your game");
    await user.type(cityField(), 'Lond');
    await user.click(await screen.findByRole('option', { name: /^London,/ }, { timeout: 3_000 }));
    await user.click(screen.getByRole('button', { name: 'Change time zone' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), zone);
    await user.click(screen.getByRole('button', { name: dayLabel(new Date(y ?? 2000, (m ?? 1) - 1, d ?? 1)) }));
    fireEvent.change(field('Meeting time'), { target: { value: '00:00' } });
    await screen.findByText('Please choose a meeting time in the future');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: "Let's hatch your game" })).toBeTruthy();

    // A time still ahead today (23:55, at least a minute off) is fine.
    fireEvent.change(field('Meeting time'), { target: { value: '23:55' } });
    await waitFor(() => expect(screen.queryByText('Please choose a meeting time in the future')).toBeNull());
  });
});

describe('the messages of step 0 and step 3 (component)', () => {
  it('shows every step 0 and step 3 message', async () => {
    const { user } = openWizard();
    answer(geocodeEndpoint, { results: [EDINBURGH] });
    await stepTitle("Let's hatch your game");

    // Next with nothing chosen: the date and city messages.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Please select a city to continue', { exact: true });
    await screen.findByText('Please choose a date', { exact: true });

    // Players: the three messages, the caps of the buttons and the reset on blur.
    const players = screen.getByRole<HTMLInputElement>('textbox', { name: 'Number of players' });
    const fill = async (value: string) => {
      await user.clear(players);
      await user.type(players, value);
    };
    await fill('abc');
    await screen.findByText('Please enter a valid number between 2 and 200', { exact: true });
    await user.tab();
    expect(players.value).toBe('8');
    await fill('1');
    await screen.findByText('Please enter a minimum of 2 players', { exact: true });
    await fill('201');
    await screen.findByText('Please contact us if you have more than 200 players', { exact: true });
    await fill('249');
    await user.click(screen.getByRole('button', { name: 'More players' }));
    expect(players.value).toBe('250');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'More players' }).disabled).toBe(true);
    await fill('3');
    await user.click(screen.getByRole('button', { name: 'Fewer players' }));
    expect(players.value).toBe('2');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Fewer players' }).disabled).toBe(true);
    await fill('6');

    // The city by keyboard: down to the first suggestion, Enter.
    await user.type(cityField(), 'Edinb');
    await screen.findByRole('option', { name: /^Edinburgh/ }, { timeout: 3_000 });
    await user.keyboard('{ArrowDown}{Enter}');
    expect((cityField() as HTMLInputElement).value).toBe('Edinburgh');
    expect(screen.queryByText('Please select a city to continue', { exact: true })).toBeNull();

    // A local time skipped by the clocks going forward: 01:30 on the last Sunday of March in London (Edinburgh's zone).
    const now = new Date();
    const march = new Date(now.getMonth() >= 2 ? now.getFullYear() + 1 : now.getFullYear(), 2, 31);
    while (march.getDay() !== 0) march.setDate(march.getDate() - 1);
    const monthsAhead = (march.getFullYear() - now.getFullYear()) * 12 + (2 - now.getMonth());
    for (let i = 0; i < monthsAhead; i++) await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(screen.getByRole('button', { name: dayLabel(march) }));
    fireEvent.change(field('Meeting time'), { target: { value: '01:30' } });
    await screen.findByText('Invalid date/time', { exact: true });
    fireEvent.change(field('Meeting time'), { target: { value: '11:00' } });
    await waitFor(() => expect(screen.queryByText('Invalid date/time', { exact: true })).toBeNull());

    // Email: required, then the format; Continue does not move on.
    await user.click(screen.getByRole('button', { name: 'Step 4: Your details' }));
    await stepTitle('Final Step');
    expect(screen.queryByText('Email address is required', { exact: true })).toBeNull();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.click(email);
    await user.tab();
    await screen.findByText('Email address is required', { exact: true });
    await user.type(email, 'phone@example');
    await screen.findByText('Please enter a valid email address', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Final Step' })).toBeTruthy();
    expect(callsTo(geocodeEndpoint).length).toBeGreaterThan(0);
  });
});

describe('the plan and add-on steps (component)', () => {
  it('shows a pricing failure in red on the plan and add-on steps, and refetches on a currency change', async () => {
    // The network drops the price list call.
    const { user } = openWizard({ prices: false });
    await completeStepZero(user);
    const failure = () => screen.queryAllByRole('alert').filter((a) => a.textContent === 'Failed to fetch pricing');
    await waitFor(() => expect(failure()).toHaveLength(1));
    expect(failure()[0]?.className).toContain('text-red-700');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepTitle('Optional Add-ons');
    await waitFor(() => expect(failure()).toHaveLength(1));

    answer(pricingEndpoint, priceList);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepTitle('Pick your game type');
    // The selector is hidden (spec) but works: a change refetches the price list in that currency.
    fireEvent.change(within(screen.getByTestId('currency-selector')).getByLabelText('Currency'), { target: { value: 'EUR' } });
    await screen.findByRole('button', { name: 'Select Weapons' }, { timeout: 3_000 });
    expect(failure()).toEqual([]);
    expect(screen.getAllByText('€23', { exact: true })).toHaveLength(1);
    expect(callsTo(pricingEndpoint).at(-1)?.url.searchParams.get('currency')).toBe('EUR');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Add Item: In-Person Host' }, { timeout: 3_000 });
    expect(screen.getAllByText('€350', { exact: true })).toHaveLength(1);
  });
});

describe('choosing a plan and add-ons (component)', () => {
  it("a plan's Select only chooses it: the booker stays on the plans, a second tap where it was changes nothing, Next leads to Add-ons", async () => {
    const { user } = openWizard();
    await completeStepZero(user);
    await user.click(await screen.findByRole('button', { name: 'Select Weapons' }, { timeout: 3_000 }));
    // Chosen, and still on the plans (issue 36: Select moved on, and a Next tap in the same place skipped Add-ons unseen).
    expect(screen.getByRole('button', { name: 'Selected Weapons' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Pick your game type' })).toBeTruthy();
    // A second tap (or a double tap) on the chosen plan keeps it chosen and stays.
    await user.dblClick(screen.getByRole('button', { name: 'Selected Weapons' }));
    expect(screen.getByRole('button', { name: 'Selected Weapons' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Pick your game type' })).toBeTruthy();
    // Clicking a card (not its button) chooses it the same way.
    await user.click(screen.getByRole('listitem', { name: 'Standard' }));
    expect(screen.getByRole('button', { name: 'Selected Standard' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select Weapons' }));
    // Only Next moves on, one step: the Add-ons step is seen, with nothing added.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepTitle('Optional Add-ons');
    expect(screen.getByRole('button', { name: 'Add Item: In-Person Host' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('"Add Item" says what it did, beside the card and to a screen reader, and so does taking it off', async () => {
    const { user } = openWizard();
    await completeStepZero(user);
    await user.click(await screen.findByRole('button', { name: 'Select Weapons' }, { timeout: 3_000 }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepTitle('Optional Add-ons');
    await user.click(screen.getByRole('button', { name: 'Add Item: In-Person Host' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('In-Person Host added to your game.');
    expect(screen.getByRole('button', { name: 'Added: In-Person Host' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Added: In-Person Host' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('In-Person Host removed from your game.'));
  });
});

describe('city suggestions (component)', () => {
  it('do not open when the answer arrives after the field was left', async () => {
    const { user } = openWizard();
    // The answer is held until the booker has left the field.
    let release = () => undefined as void;
    const left = new Promise<void>((resolve) => (release = resolve));
    answer(geocodeEndpoint, async () => {
      await left;
      return { results: [LONDON, LONDONDERRY] };
    });
    await stepTitle("Let's hatch your game");
    await user.type(cityField(), 'Lond');
    await user.click(screen.getByRole('textbox', { name: 'Number of players' }));
    await waitFor(() => expect(callsTo(geocodeEndpoint).length).toBeGreaterThan(0), { timeout: 3_000 });
    release();
    // The answer has been applied once its suggestions are in the (hidden) list: the same update that would open it.
    await waitFor(() => expect(within(suggestionList()).getAllByRole('option', { hidden: true }).length).toBeGreaterThan(0), { timeout: 3_000 });
    expect(suggestionList().hidden).toBe(true);
    expect(cityField().getAttribute('aria-expanded')).toBe('false');
  });

  it('close on Escape and on a click outside, and open again when typing', async () => {
    const { user } = openWizard();
    await stepTitle("Let's hatch your game");
    await user.type(cityField(), 'Lond');
    await screen.findByRole('listbox', { name: 'City suggestions' }, { timeout: 3_000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(suggestionList().hidden).toBe(true));
    expect(document.activeElement).toBe(cityField());

    await user.type(cityField(), 'o');
    await screen.findByRole('listbox', { name: 'City suggestions' }, { timeout: 3_000 });
    await user.click(screen.getByRole('heading', { level: 2, name: "Let's hatch your game" }));
    await waitFor(() => expect(suggestionList().hidden).toBe(true));
  });
});

describe("the wizard's addresses: Back and Forward (component)", () => {
  const SUMMER10_QUOTE: DiscountQuote = {
    discount_code: 'SUMMER10',
    kind: 'promo',
    price_per_person: 15,
    add_ons_total: 0,
    discount_total: 12,
    total_price: 108,
    voucher_balance: null,
  };
  /** GET /api/discount-codes/SUMMER10 for 8 Standard players in GBP: 10% off £120. */
  const summer10 = () =>
    answer(discountQuoteEndpoint, ({ params }) =>
      params.code.toUpperCase() === 'SUMMER10' ? SUMMER10_QUOTE : failWith(422, 'invalid', 'validation_failed', { discount_code: ['Unknown code'] }),
    );
  const shown = async (title: string, address: string, location: () => string) => {
    await stepTitle(title);
    await waitFor(() => expect(location()).toBe(address));
  };

  it('gives each step its own address; Back and Forward move between steps and keep the applied code and its total', async () => {
    summer10();
    const { user, location, go } = openWizard();
    expect(location()).toBe('/');
    await completeStepZero(user);
    expect(location()).toBe('/?step=plan');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Optional Add-ons', '/?step=addons', location);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await shown('Final Step', '/?step=details', location);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'back.forward@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await shown('Check your booking', '/?step=summary', location);
    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await user.type(within(box).getByLabelText('Promo code or gift voucher'), 'summer10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('£108'));

    // The browser's Back: the step before, not away from the site; Back again, and Forward twice.
    await act(() => go(-1));
    await shown('Final Step', '/?step=details', location);
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('back.forward@example.com');
    await act(() => go(-1));
    await shown('Optional Add-ons', '/?step=addons', location);
    await act(() => go(1));
    await shown('Final Step', '/?step=details', location);
    await act(() => go(1));
    await shown('Check your booking', '/?step=summary', location);
    // The code is still applied, with its discount and total, without asking the server again.
    expect(screen.getByTestId('summary-discount').textContent).toBe('−£12');
    expect(screen.getByTestId('summary-total').textContent).toBe('£108');
    expect(callsTo(discountQuoteEndpoint)).toHaveLength(1);
    // The wizard's own Previous is a move like the others: a new entry, and Back returns to the summary.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await shown('Final Step', '/?step=details', location);
    await act(() => go(-1));
    await shown('Check your booking', '/?step=summary', location);
  });

  it('a reload of the summary keeps the applied code; a deep link past missing data shows the first incomplete step at its address', async () => {
    summer10();
    const first = openWizard();
    await completeStepZero(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await first.user.click(await screen.findByRole('button', { name: 'Next' }));
    await first.user.type(await screen.findByRole('textbox', { name: 'Email' }), 'reload@example.com');
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepTitle('Check your booking');
    const box = screen.getByRole('form', { name: 'Promo code or gift voucher' });
    await first.user.type(within(box).getByLabelText('Promo code or gift voucher'), 'SUMMER10');
    await first.user.click(within(box).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('£108'));
    first.unmount();

    // The same tab opens the summary's address again (a reload, or Forward from another site).
    let again: ReturnType<typeof openWizard> | undefined;
    await act(async () => {
      again = openWizard({ path: '/?step=summary' });
    });
    await stepTitle('Check your booking');
    expect(screen.getByTestId('summary-total').textContent).toBe('£108');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−£12');
    again?.unmount();

    // With no email yet, the summary's address shows the email step; with nothing at all, `/`.
    sessionStorage.clear();
    const fresh = openWizard({ path: '/?step=summary' });
    await shown("Let's hatch your game", '/', fresh.location);
    await completeStepZero(fresh.user);
    fresh.unmount();
    let noEmail: ReturnType<typeof openWizard> | undefined;
    await act(async () => {
      noEmail = openWizard({ path: '/?step=summary' });
    });
    await shown('Final Step', '/?step=details', () => noEmail?.location() ?? '');
  });
});
