import { z } from 'zod';
import { defineEndpoint } from '../../../shared/api/endpoint';
import type { publicBookingEndpoints } from '../../../shared/api/endpoints/public-booking';
import { createBookingBody } from '../../../shared/api/public-booking';
import { privacyEndpoints } from '../../../shared/api/endpoints/privacy';
import { ADD_ON_TYPES, CURRENCIES, PLAN_TYPES } from '../../../shared/plans';
import { TRACKING_FIELDS } from '../../../shared/tracking';
import { perContactField } from '../../../shared/booking-contact-fields';
import { defaultWizardState, wizardReducer, type WizardState } from './wizard-state';

type CreateBooking = typeof publicBookingEndpoints.create;

/**
 * Everything of the wizard that needs zod at run time. Zod and these schemas are ~25 KB gzip that step 0
 * does not need, so this module is loaded on demand (wizard-schemas-loader.ts), never with the page.
 */

export { pricingEndpoint } from '../../../shared/api/endpoints/pricing';
export { geocodeEndpoint } from '../../../shared/api/endpoints/geocode';
/** The booking terms in force (issue 41): the summary step's terms box. */
export const privacyEndpoint = privacyEndpoints.current;
export { IDEMPOTENCY_HEADER } from '../../../shared/api/public-booking';

/** What the wizard reads of the booking it made (the whole booker's booking, and its schema, is larger). */
const createdBookingResponse = z.object({
  booking: z.object({
    id: z.number().int(),
    temp_code: z.string(),
    manage_key: z.string(),
    price_per_person: z.number(),
    add_ons_total: z.number(),
    total_price: z.number(),
    discount_code: z.string().nullable(),
    discount_total: z.number(),
    booking_status: z.string(),
  }),
});

/** POST /api/bookings, answered with just what the wizard shows; typed against the full descriptor. */
export const createBookingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bookings',
  body: createBookingBody,
  response: createdBookingResponse,
  status: 201,
}) satisfies Pick<CreateBooking, 'method' | 'path' | 'body' | 'status'>;

/** Wizards saved before issue 21 named the contact fields in camelCase. */
function fromCamelCase(saved: unknown): unknown {
  if (typeof saved !== 'object' || saved === null) return saved;
  const renamed = Object.entries(saved).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]);
  return Object.fromEntries(renamed);
}

// What survives a reload: everything the booker entered and the booking made, not the fetched price list.
const persistedSchema = z.object({
  version: z.literal(1),
  id: z.number().int().nullable(),
  stepIndex: z.number().int(),
  location: z.object({ id: z.string().nullable(), center: z.object({ lat: z.number(), lng: z.number() }), radius: z.number() }),
  playerCount: z.number().int(),
  playerInput: z.string().max(20),
  type: z.enum(['standard', 'hosted']),
  planType: z.enum(PLAN_TYPES),
  addOns: z.array(z.enum(ADD_ON_TYPES)),
  city: z.string(),
  cityQuery: z.string(),
  suggestedTimezone: z.string().nullable(),
  // Older saved wizards have no such field: no explicit pick.
  timezoneChosen: z.boolean().default(false),
  currency: z.enum(CURRENCIES),
  date: z.string(),
  timezone: z.string(),
  gameOptions: z.object({ duration: z.number().int() }),
  meetingTime: z.object({ hour: z.number().int(), minute: z.number().int() }).nullable(),
  // Keyed as the create body names the fields; a wizard saved before a field existed (or under the old camelCase names) keeps the rest.
  contactDetails: z.preprocess(fromCamelCase, z.object({ email: z.string(), ...perContactField(() => z.string().catch('')) })),
  tempCode: z.string().nullable(),
  // Older saved wizards have no such field.
  manageKey: z.string().nullable().default(null),
  bookingStatus: z.string().nullable(),
  pricePerPerson: z.number(),
  addOnsTotal: z.number(),
  totalPrice: z.number(),
  tracking: z.partialRecord(z.enum(TRACKING_FIELDS), z.string().nullable()),
  idempotencyKey: z.string().nullable(),
  // Older saved wizards have no code. A quote is kept only with its code; any changed choice drops it (the reducer).
  discountCode: z.string().max(100).nullable().default(null),
  discount: z.object({ discountTotal: z.number(), totalPrice: z.number(), voucherBalance: z.number().int().nullable() }).nullable().default(null),
});
export type PersistedWizard = z.infer<typeof persistedSchema>;

/** The saved wizard, or null when nothing usable was saved. Derived fields are recomputed. */
export function deserializeWizard(raw: string | null, browserTimeZone: string): WizardState | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = persistedSchema.safeParse(json);
  if (!parsed.success) return null;
  const { version: _version, ...saved } = parsed.data;
  const base = defaultWizardState(browserTimeZone);
  // Run one no-op move through the reducer so clamping and derived fields hold for what was read.
  const merged: WizardState = { ...base, ...saved, discount: saved.discountCode === null ? null : saved.discount, id: null };
  const restored = wizardReducer(merged, { type: 'jump', step: saved.stepIndex });
  return saved.id === null ? restored : { ...restored, id: saved.id };
}
