import { describe, expect, it } from 'vitest';
import type { Pricing } from '../../../shared/api/pricing';
import { MESSAGES, playerCountError } from '../../../shared/validation/booking-rules';
import { DEFAULT_CENTER, defaultWizardState, isPriced, fromApiDate, toApiDate, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

const ZONE = 'Europe/London';
const run = (actions: WizardAction[], start: WizardState = defaultWizardState(ZONE)) => actions.reduce(wizardReducer, start);
const london = { id: '2643743', name: 'London', displayName: 'London, England, United Kingdom', lat: 51.50853, lng: -0.12574, timezone: 'Europe/London' };
const paris = { id: '2988507', name: 'Paris', displayName: 'Paris, France', lat: 48.85341, lng: 2.3488, timezone: 'Europe/Paris' };

const pricing: Pricing = {
  currency: 'GBP',
  plans: [
    { type: 'standard', name: 'Standard', description: '', price: 15, formatted_amount: '£15', features: [], is_active: true, is_recommended: false },
    { type: 'pro', name: 'Weapons', description: '', price: 20, formatted_amount: '£20', features: [], is_active: true, is_recommended: true },
    { type: 'bespoke', name: 'Bespoke', description: '', price: 25, formatted_amount: '£25', features: [], is_active: true, is_recommended: false },
  ],
  addons: [{ type: 'hosted', name: 'In-Person Host', description: '', price: 300, formatted_amount: '£300', features: [] }],
};

describe('wizard defaults (spec section 9)', () => {
  it('starts with 8 players, standard plan and type, GBP, 120 minutes, 15:00, the browser zone and central London', () => {
    const s = defaultWizardState('Asia/Tokyo');
    expect(s).toMatchObject({
      stepIndex: 0,
      playerCount: 8,
      playerInput: '8',
      planType: 'standard',
      type: 'standard',
      currency: 'GBP',
      gameOptions: { duration: 120 },
      meetingTime: { hour: 15, minute: 0 },
      timezone: 'Asia/Tokyo',
      location: { id: null, center: DEFAULT_CENTER, radius: 1000 },
      addOns: [],
      date: '',
      city: '',
      isValid: false,
      utcDateTime: '',
    });
  });

  it('falls back to Europe/London for a zone the browser names wrongly', () => {
    expect(defaultWizardState('Not/AZone').timezone).toBe('Europe/London');
  });

  it('reset returns to the defaults but keeps the landing tracking', () => {
    const changed = run([
      { type: 'captureTracking', tracking: { utm_source: 'instagram' } },
      { type: 'selectPlan', plan: 'bespoke' },
      { type: 'setPlayerInput', text: '40' },
      { type: 'next' },
      { type: 'reset', browserTimeZone: ZONE },
    ]);
    expect(changed).toMatchObject({ planType: 'standard', type: 'standard', playerCount: 8, stepIndex: 0, tracking: { utm_source: 'instagram' } });
  });
});

describe('steps', () => {
  it('moves next, previous and by jump, always clamped to 0..4', () => {
    expect(run([{ type: 'previous' }]).stepIndex).toBe(0);
    expect(run([{ type: 'next' }, { type: 'next' }]).stepIndex).toBe(2);
    expect(run([{ type: 'jump', step: 9 }]).stepIndex).toBe(4);
    expect(run([{ type: 'jump', step: -3 }]).stepIndex).toBe(0);
    expect(run([{ type: 'jump', step: 4 }, { type: 'next' }]).stepIndex).toBe(4);
    expect(run([{ type: 'jump', step: 2.7 }]).stepIndex).toBe(2);
    expect(run([{ type: 'jump', step: Number.NaN }]).stepIndex).toBe(0);
  });
});

describe('plans and add-ons (spec section 4)', () => {
  it("bespoke makes the game hosted; other plans are hosted only with the host add-on (the server's rule)", () => {
    const bespoke = run([{ type: 'selectPlan', plan: 'bespoke' }]);
    expect(bespoke.type).toBe('hosted');
    // Leaving bespoke without the add-on: nobody pays a host, so the game is not hosted (decision 0195).
    expect(run([{ type: 'selectPlan', plan: 'pro' }], bespoke)).toMatchObject({ planType: 'pro', type: 'standard' });
    expect(run([{ type: 'selectPlan', plan: 'pro' }]).type).toBe('standard');
    const withHost = run([
      { type: 'toggleAddOn', addOn: 'hosted' },
      { type: 'selectPlan', plan: 'bespoke' },
      { type: 'selectPlan', plan: 'standard' },
    ]);
    expect(withHost).toMatchObject({ planType: 'standard', addOns: ['hosted'], type: 'hosted' });
  });

  it('toggles the hosted add-on, which makes the game hosted', () => {
    const added = run([{ type: 'toggleAddOn', addOn: 'hosted' }]);
    expect(added).toMatchObject({ addOns: ['hosted'], type: 'hosted' });
    expect(run([{ type: 'toggleAddOn', addOn: 'hosted' }], added)).toMatchObject({ addOns: [], type: 'standard' });
    const bespoke = run([
      { type: 'selectPlan', plan: 'bespoke' },
      { type: 'toggleAddOn', addOn: 'hosted' },
      { type: 'toggleAddOn', addOn: 'hosted' },
    ]);
    expect(bespoke).toMatchObject({ addOns: [], type: 'hosted' });
  });

  it('prices the booking from the loaded price list: per person times players plus flat add-ons', () => {
    const s = run([
      { type: 'pricingLoaded', pricing },
      { type: 'setPlayerInput', text: '10' },
      { type: 'selectPlan', plan: 'pro' },
      { type: 'toggleAddOn', addOn: 'hosted' },
    ]);
    expect(s).toMatchObject({ pricePerPerson: 20, addOnsTotal: 300, totalPrice: 500 });
  });
});

describe('pricing states', () => {
  it('loads, then holds the data or the error', () => {
    const loading = run([{ type: 'pricingRequested' }]);
    expect(loading).toMatchObject({ pricingLoading: true, pricingError: null });
    expect(run([{ type: 'pricingLoaded', pricing }], loading)).toMatchObject({ pricingLoading: false, pricing });
    expect(run([{ type: 'pricingFailed', error: 'Failed to fetch pricing' }], loading)).toMatchObject({
      pricingLoading: false,
      pricingError: 'Failed to fetch pricing',
    });
    expect(run([{ type: 'setCurrency', currency: 'USD' }]).currency).toBe('USD');
  });
});

describe('the total shown before booking (decision 0110)', () => {
  it('is the shared price rule on the loaded list of the booking currency, and is only shown once that list is there', () => {
    expect(isPriced(run([{ type: 'pricingRequested' }]))).toBe(false);
    const priced = run([
      { type: 'pricingLoaded', pricing },
      { type: 'selectPlan', plan: 'pro' },
      { type: 'toggleAddOn', addOn: 'hosted' },
      { type: 'setPlayerInput', text: '10' },
    ]);
    expect(isPriced(priced)).toBe(true);
    expect(priced).toMatchObject({ pricePerPerson: 20, addOnsTotal: 300, totalPrice: 500 });
    // Another currency: no total until its own list has loaded.
    const switched = run([{ type: 'setCurrency', currency: 'EUR' }], priced);
    expect(isPriced(switched)).toBe(false);
    const euros: Pricing = {
      ...pricing,
      currency: 'EUR',
      plans: pricing.plans.map((p) => ({ ...p, price: p.price + 3 })),
      addons: [{ ...pricing.addons[0]!, price: 350 }],
    };
    const inEuros = run([{ type: 'pricingRequested' }, { type: 'pricingLoaded', pricing: euros }], switched);
    expect(isPriced(inEuros)).toBe(true);
    expect(inEuros).toMatchObject({ currency: 'EUR', totalPrice: 23 * 10 + 350 });
    // An add-on the list no longer has: no total (the server would refuse it).
    expect(isPriced(run([{ type: 'pricingLoaded', pricing: { ...pricing, addons: [] } }], priced))).toBe(false);
  });
});

describe('players (spec section 5)', () => {
  it('stores the count only between 2 and 200 while the field shows what was typed', () => {
    expect(run([{ type: 'setPlayerInput', text: '150' }])).toMatchObject({ playerCount: 150, playerInput: '150' });
    expect(run([{ type: 'setPlayerInput', text: '1' }])).toMatchObject({ playerCount: 8, playerInput: '1' });
    expect(run([{ type: 'setPlayerInput', text: '201' }])).toMatchObject({ playerCount: 8, playerInput: '201' });
    expect(run([{ type: 'setPlayerInput', text: 'ten' }])).toMatchObject({ playerCount: 8, playerInput: 'ten' });
    expect(playerCountError('ten')).toBe(MESSAGES.playersInvalid);
  });

  it('plus stops at 250 and minus at 2', () => {
    const high = run([
      { type: 'setPlayerInput', text: '249' },
      { type: 'stepPlayers', direction: 1 },
      { type: 'stepPlayers', direction: 1 },
    ]);
    expect(high).toMatchObject({ playerInput: '250', playerCount: 8 });
    const low = run([
      { type: 'setPlayerInput', text: '3' },
      { type: 'stepPlayers', direction: -1 },
      { type: 'stepPlayers', direction: -1 },
    ]);
    expect(low).toMatchObject({ playerInput: '2', playerCount: 2 });
    expect(
      run([
        { type: 'setPlayerInput', text: '200' },
        { type: 'stepPlayers', direction: 1 },
      ]),
    ).toMatchObject({ playerInput: '201', playerCount: 200 });
  });

  it('a non-numeric field goes back to the stored count on blur; a number stays as typed', () => {
    expect(run([{ type: 'setPlayerInput', text: '12' }, { type: 'setPlayerInput', text: '1x' }, { type: 'commitPlayerInput' }]).playerInput).toBe('12');
    expect(run([{ type: 'setPlayerInput', text: '' }, { type: 'commitPlayerInput' }]).playerInput).toBe('8');
    expect(run([{ type: 'setPlayerInput', text: '300' }, { type: 'commitPlayerInput' }]).playerInput).toBe('300');
  });

  it('plus or minus from a non-numeric field starts from the stored count', () => {
    expect(
      run([
        { type: 'setPlayerInput', text: 'abc' },
        { type: 'stepPlayers', direction: 1 },
      ]),
    ).toMatchObject({ playerInput: '9', playerCount: 9 });
  });
});

describe('city (spec section 4)', () => {
  it('choosing a suggestion sets the city, moves the centre with radius 1000 and plays in its zone', () => {
    const s = run([
      { type: 'setCityQuery', query: 'Pa' },
      { type: 'selectCity', city: paris },
    ]);
    expect(s).toMatchObject({
      city: 'Paris',
      cityQuery: 'Paris',
      location: { id: '2988507', center: { lat: 48.85341, lng: 2.3488 }, radius: 1000 },
      timezone: 'Europe/Paris',
      suggestedTimezone: null,
      timezoneChosen: false,
    });
    // Another city, still no pick of the booker's own: its zone again.
    expect(run([{ type: 'selectCity', city: london }], s).timezone).toBe('Europe/London');
  });

  it('keeps a zone the booker picked and offers the city zone instead', () => {
    const picked = run([
      { type: 'setTimezone', timezone: 'Asia/Tokyo' },
      { type: 'selectCity', city: paris },
    ]);
    expect(picked).toMatchObject({ timezone: 'Asia/Tokyo', suggestedTimezone: 'Europe/Paris', timezoneChosen: true });
    expect(run([{ type: 'setTimezone', timezone: 'Europe/Paris' }], picked)).toMatchObject({ timezone: 'Europe/Paris', suggestedTimezone: null });
    const kept = run([{ type: 'dismissSuggestedTimezone' }], picked);
    expect(kept).toMatchObject({ timezone: 'Asia/Tokyo', suggestedTimezone: null });
    expect(run([{ type: 'selectCity', city: london }], kept)).toMatchObject({ timezone: 'Asia/Tokyo', suggestedTimezone: 'Europe/London' });
  });

  it('offers no zone when the city is already in the game zone', () => {
    expect(
      run([
        { type: 'setTimezone', timezone: 'Europe/London' },
        { type: 'selectCity', city: london },
      ]).suggestedTimezone,
    ).toBeNull();
  });

  it('typing after a choice clears the city until a suggestion is chosen again', () => {
    const s = run([
      { type: 'selectCity', city: london },
      { type: 'setCityQuery', query: 'Londo' },
    ]);
    expect(s).toMatchObject({ city: '', cityQuery: 'Londo' });
    expect(run([{ type: 'setCityQuery', query: 'London' }], run([{ type: 'selectCity', city: london }])).city).toBe('London');
  });
});

describe('date, time and zone', () => {
  it('keeps the date as day-month-two-digit-year and converts both ways', () => {
    expect(fromApiDate('2030-03-09')).toBe('09-03-30');
    expect(toApiDate('09-03-30')).toBe('2030-03-09');
    expect(toApiDate('31-02-30')).toBe('');
    expect(fromApiDate('nonsense')).toBe('');
    expect(run([{ type: 'setDate', date: '2030-03-09' }]).date).toBe('09-03-30');
  });

  it('recomputes utcDateTime on date, time and zone changes, empty when invalid', () => {
    const s = run([{ type: 'setDate', date: '2030-07-01' }]);
    expect(s.utcDateTime).toBe('2030-07-01T14:00:00.000Z');
    expect(run([{ type: 'setMeetingTime', time: { hour: 9, minute: 30 } }], s).utcDateTime).toBe('2030-07-01T08:30:00.000Z');
    expect(run([{ type: 'setTimezone', timezone: 'Asia/Tokyo' }], s).utcDateTime).toBe('2030-07-01T06:00:00.000Z');
    expect(run([{ type: 'setMeetingTime', time: null }], s).utcDateTime).toBe('');
    // 01:30 does not exist in London on the spring change.
    expect(
      run([
        { type: 'setDate', date: '2030-03-31' },
        { type: 'setMeetingTime', time: { hour: 1, minute: 30 } },
      ]).utcDateTime,
    ).toBe('');
  });

  it('refuses an unknown zone and an out-of-range time', () => {
    expect(run([{ type: 'setTimezone', timezone: 'Mars/Olympus' }]).timezone).toBe(ZONE);
    expect(run([{ type: 'setMeetingTime', time: { hour: 24, minute: 0 } }]).meetingTime).toBeNull();
  });
});

describe('step 0 validity (spec section 4)', () => {
  const complete: WizardAction[] = [
    { type: 'setDate', date: '2030-07-01' },
    { type: 'selectCity', city: london },
  ];

  it('is true only with valid players, a city and location, a meeting time and a date', () => {
    expect(run(complete).isValid).toBe(true);
    expect(run([{ type: 'selectCity', city: london }]).isValid).toBe(false);
    expect(run([{ type: 'setDate', date: '2030-07-01' }]).isValid).toBe(false);
    expect(run([...complete, { type: 'setMeetingTime', time: null }]).isValid).toBe(false);
    expect(run([...complete, { type: 'setPlayerInput', text: '201' }]).isValid).toBe(false);
    expect(run([...complete, { type: 'setPlayerInput', text: 'x' }]).isValid).toBe(false);
    expect(run([...complete, { type: 'setCityQuery', query: 'Lond' }]).isValid).toBe(false);
    expect(run([...complete, { type: 'selectCity', city: { ...london, lat: 0, lng: 0 } }]).isValid).toBe(false);
  });
});

describe('contact, tracking and the created booking', () => {
  it('keeps contact details and the first landing tracking', () => {
    const s = run([
      { type: 'setContact', field: 'email', value: 'sam@example.com' },
      { type: 'captureTracking', tracking: { gclid: 'abc' } },
      { type: 'captureTracking', tracking: { gclid: 'later' } },
    ]);
    expect(s.contactDetails.email).toBe('sam@example.com');
    expect(s.tracking).toEqual({ gclid: 'abc' });
  });

  it('forgets the idempotency key when the booking data changes, keeps it on moves', () => {
    const keyed = run([{ type: 'setIdempotencyKey', key: 'k1' }, { type: 'previous' }]);
    expect(keyed.idempotencyKey).toBe('k1');
    expect(run([{ type: 'setContact', field: 'email', value: 'a@b.co' }], keyed).idempotencyKey).toBeNull();
  });

  it('stores the server-priced booking, goes to step 4 and then refuses changes to it', () => {
    const s = run([
      { type: 'pricingLoaded', pricing },
      { type: 'jump', step: 3 },
      {
        type: 'bookingCreated',
        booking: {
          id: 7,
          temp_code: 'T3MPC0DE',
          manage_key: 'K'.repeat(43),
          price_per_person: 15,
          add_ons_total: 0,
          total_price: 120,
          discount_code: null,
          discount_total: 0,
          booking_status: 'enquiry',
        },
      },
    ]);
    expect(s).toMatchObject({ id: 7, tempCode: 'T3MPC0DE', stepIndex: 4, totalPrice: 120, bookingStatus: 'enquiry' });
    expect(run([{ type: 'setPlayerInput', text: '20' }], s)).toBe(s);
    expect(run([{ type: 'pricingLoaded', pricing: { ...pricing } }], s).totalPrice).toBe(120);
  });
});
