import { describe, expect, it } from 'vitest';
import { createBookingBody } from '../../../shared/api/public-booking';
import { defaultWizardState, wizardReducer, type WizardAction } from './wizard-state';
import { planFromSearch, readTracking, referralChoice, serializeWizard, toCreateBookingBody } from './wizard-io';
import { deserializeWizard } from './wizard-schemas';
import { initialWizardState } from './wizard-store';

const ZONE = 'Europe/London';
const filled = (
  [
    { type: 'captureTracking', tracking: readTracking('?utm_source=google&gclid=G1&foo=bar') },
    { type: 'setDate', date: '2030-07-01' },
    { type: 'selectCity', city: { id: '2643743', name: 'London', displayName: 'London, UK', lat: 51.5, lng: -0.12, timezone: 'Europe/London' } },
    { type: 'setPlayerInput', text: '12' },
    { type: 'selectPlan', plan: 'pro' },
    { type: 'toggleAddOn', addOn: 'hosted' },
    { type: 'setContact', field: 'email', value: ' sam@example.com ' },
    { type: 'setContact', field: 'referral_source', value: 'A podcast' },
    { type: 'jump', step: 3 },
  ] satisfies WizardAction[]
).reduce(wizardReducer, defaultWizardState(ZONE));

describe('landing URL', () => {
  it('keeps only tracking fields with a value', () => {
    expect(readTracking('?utm_source=ig&utm_medium=&fbclid=F&x=1')).toEqual({ utm_source: 'ig', fbclid: 'F' });
    expect(readTracking('')).toEqual({});
  });

  it('reads a known plan from ?plan=', () => {
    expect(planFromSearch('?plan=pro')).toBe('pro');
    expect(planFromSearch('?plan=gold')).toBeNull();
    expect(planFromSearch('')).toBeNull();
  });
});

describe('referral', () => {
  it('shows Other for text outside the list', () => {
    expect(referralChoice('')).toBe('');
    expect(referralChoice('Instagram')).toBe('Instagram');
    expect(referralChoice('Other')).toBe('Other');
    expect(referralChoice('A podcast')).toBe('Other');
  });
});

describe('the create-booking body', () => {
  it('carries the wizard state in server field names and passes the shared schema', () => {
    const body = toCreateBookingBody(filled);
    expect(body).toMatchObject({
      players: 12,
      date: '2030-07-01',
      meeting_time: { hour: 15, minute: 0 },
      timezone: ZONE,
      city: 'London',
      initial_area_id: '2643743',
      initial_area_lat: 51.5,
      initial_area_lng: -0.12,
      initial_area_radius: 1000,
      plan_type: 'pro',
      add_ons: ['hosted'],
      currency: 'GBP',
      email: 'sam@example.com',
      referral_source: 'A podcast',
      full_name: null,
      duration: 120,
      utm_source: 'google',
      gclid: 'G1',
      fbclid: null,
    });
    expect(createBookingBody.safeParse(body).success).toBe(true);
  });
});

describe('session storage', () => {
  it('round-trips what the booker entered, without the price list', () => {
    const restored = deserializeWizard(serializeWizard({ ...filled, pricingLoading: true }), ZONE);
    expect(restored).toMatchObject({
      stepIndex: 3,
      playerCount: 12,
      planType: 'pro',
      addOns: ['hosted'],
      type: 'hosted',
      city: 'London',
      date: filled.date,
      utcDateTime: filled.utcDateTime,
      isValid: true,
      tracking: { utm_source: 'google', gclid: 'G1' },
      pricing: null,
      pricingLoading: false,
    });
  });

  it('keeps a created booking', () => {
    const created = wizardReducer(filled, {
      type: 'bookingCreated',
      booking: {
        id: 3,
        temp_code: 'ABC',
        manage_key: 'K'.repeat(43),
        price_per_person: 20,
        add_ons_total: 300,
        total_price: 540,
        discount_code: null,
        discount_total: 0,
        booking_status: 'enquiry',
      },
    });
    expect(deserializeWizard(serializeWizard(created), ZONE)).toMatchObject({ id: 3, tempCode: 'ABC', stepIndex: 4, totalPrice: 540 });
  });

  it('keeps the contact details of a wizard saved under the old camelCase names, or before a field existed', () => {
    const raw = JSON.parse(serializeWizard(filled)) as Record<string, unknown>;
    const old = { fullName: 'Sam Ray', email: 'sam@example.com', phone: '0123', companyName: 'Acme', referralSource: 'A podcast' };
    expect(deserializeWizard(JSON.stringify({ ...raw, contactDetails: old }), ZONE)?.contactDetails).toEqual({
      email: 'sam@example.com',
      full_name: 'Sam Ray',
      phone: '0123',
      company_name: 'Acme',
      referral_source: 'A podcast',
    });
    expect(deserializeWizard(JSON.stringify({ ...raw, contactDetails: { email: 'sam@example.com' } }), ZONE)?.contactDetails).toEqual({
      email: 'sam@example.com',
      full_name: '',
      phone: '',
      company_name: '',
      referral_source: '',
    });
  });

  it('ignores nothing, broken JSON and foreign shapes, and clamps the step', () => {
    expect(deserializeWizard(null, ZONE)).toBeNull();
    expect(deserializeWizard('{oops', ZONE)).toBeNull();
    expect(deserializeWizard('{"version":2}', ZONE)).toBeNull();
    const raw = JSON.parse(serializeWizard(filled)) as Record<string, unknown>;
    expect(deserializeWizard(JSON.stringify({ ...raw, stepIndex: 42 }), ZONE)?.stepIndex).toBe(4);
  });
});

describe('?plan= on a tab that already has wizard progress', () => {
  const saved = serializeWizard({ ...filled, stepIndex: 2 });
  const start = (search: string, raw: string | null = saved) => initialWizardState({ saved: raw, search, zone: ZONE, restore: deserializeWizard });

  it('preselects the named plan over the saved one and keeps the rest of the progress', () => {
    const state = start('?plan=bespoke');
    expect(state).toMatchObject({ planType: 'bespoke', type: 'hosted', stepIndex: 2, playerCount: 12, city: 'London' });
    expect(start('?plan=standard').planType).toBe('standard');
  });

  it('keeps the saved plan when the parameter is missing or names no plan, and applies it to a fresh start', () => {
    expect(start('').planType).toBe('pro');
    expect(start('?plan=gold').planType).toBe('pro');
    expect(start('?plan=bespoke', null).planType).toBe('bespoke');
  });

  it('leaves a booking that was already made alone', () => {
    const booked = wizardReducer(filled, {
      type: 'bookingCreated',
      booking: {
        id: 3,
        temp_code: 'ABC',
        manage_key: 'K'.repeat(43),
        price_per_person: 20,
        add_ons_total: 300,
        total_price: 540,
        discount_code: null,
        discount_total: 0,
        booking_status: 'enquiry',
      },
    });
    expect(start('?plan=standard', serializeWizard(booked)).planType).toBe('pro');
  });
});
