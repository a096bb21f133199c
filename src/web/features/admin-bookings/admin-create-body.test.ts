import { describe, expect, it } from 'vitest';
import { ADMIN_CREATED_TRACKING, adminCreateBookingBody } from '../../../shared/api/admin-bookings';
import { createBookingBody } from '../../../shared/api/public-booking';
import { toBookingFields, toCreateBookingBody } from '../../components/booking-wizard/wizard-io';
import { defaultWizardState, wizardReducer, type WizardAction } from '../../components/booking-wizard/wizard-state';
import { toAdminCreateBody } from './bookings-api';

const state = (
  [
    { type: 'setDate', date: '2030-07-01' },
    { type: 'selectCity', city: { id: '2643743', name: 'London', displayName: 'London, UK', lat: 51.5, lng: -0.12, timezone: 'Europe/London' } },
    { type: 'setPlayerInput', text: '12' },
    { type: 'selectPlan', plan: 'pro' },
    { type: 'setContact', field: 'email', value: ' sam@example.com ' },
    { type: 'setContact', field: 'full_name', value: '  ' },
    { type: 'setContact', field: 'phone', value: ' 0123 ' },
  ] satisfies WizardAction[]
).reduce(wizardReducer, defaultWizardState('Europe/London'));

describe('the admin create body', () => {
  it('is the public booking fields, with the same fallbacks, plus the staff fields on top', () => {
    const body = toAdminCreateBody(state);
    const { hosted, booking_status, utcDateTime, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ...fields } = body;
    expect(fields).toEqual(toBookingFields(state));
    expect({ hosted, booking_status, utcDateTime, utm_source, utm_medium, utm_campaign, utm_term, utm_content }).toEqual({
      hosted: false,
      booking_status: 'lead',
      utcDateTime: state.utcDateTime,
      ...ADMIN_CREATED_TRACKING,
    });
    expect(fields).toMatchObject({ email: 'sam@example.com', full_name: null, phone: '0123', players: 12, date: '2030-07-01', city: 'London' });
    expect(adminCreateBookingBody.safeParse(body).success).toBe(true);
  });

  it('shares every booking field with the public create body', () => {
    const publicBody = toCreateBookingBody(state);
    expect(publicBody).toMatchObject(toBookingFields(state));
    expect(createBookingBody.safeParse(publicBody).success).toBe(true);
  });
});
