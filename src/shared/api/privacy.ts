import { z } from 'zod';
import { RETENTION_LIMITS } from '../privacy/retention';
import { emailSchema } from './public-booking';
import { EMAIL_PATTERN } from '../validation/booking-rules';

/** The texts of the privacy calls (issue 41); the spec words none of them. */
export const PRIVACY_MESSAGES = {
  textRequired: 'Please write the text',
  textTooLong: 'Please keep the text under 50,000 characters',
  termsRequired: 'Please accept the booking terms',
  termsOutdated: 'The booking terms have changed: please read and accept the current version',
  waiverRequired: 'Please accept the waiver to join',
  waiverOutdated: 'The waiver has changed: please read and accept the current version',
  noTermsPublished: 'No booking terms are published',
  termsAlreadyAccepted: 'The booking terms are already accepted for this booking',
  days: `Please give a number of days between ${RETENTION_LIMITS.days.min} and ${RETENTION_LIMITS.days.max}`,
  months: `Please give a number of months between ${RETENTION_LIMITS.months.min} and ${RETENTION_LIMITS.months.max}`,
  contactEmail: 'Please give a valid contact email',
  searchTooShort: 'Please type at least 3 characters',
  personNotFound: 'Nothing is held about this email',
} as const;

/** One published version of the booking terms or the player waiver; a version is never edited after publishing. */
export const privacyTextSchema = z.object({ version: z.number().int(), text: z.string(), published_at: z.string() });
export type PrivacyText = z.infer<typeof privacyTextSchema>;

export const publishTextBody = z.object({
  text: z.string({ error: PRIVACY_MESSAGES.textRequired }).trim().min(1, PRIVACY_MESSAGES.textRequired).max(50_000, PRIVACY_MESSAGES.textTooLong),
});
export type PublishTextBody = z.infer<typeof publishTextBody>;

export const termsResponse = z.object({ terms: privacyTextSchema });
export const waiverResponse = z.object({ waiver: privacyTextSchema });
/** The current version (null before the first) and every version, newest first. */
export const termsHistoryResponse = z.object({ terms: privacyTextSchema.nullable(), history: z.array(privacyTextSchema) });
export const waiverHistoryResponse = z.object({ waiver: privacyTextSchema.nullable(), history: z.array(privacyTextSchema) });

const days = z
  .number({ error: PRIVACY_MESSAGES.days })
  .int(PRIVACY_MESSAGES.days)
  .min(RETENTION_LIMITS.days.min, PRIVACY_MESSAGES.days)
  .max(RETENTION_LIMITS.days.max, PRIVACY_MESSAGES.days);
const months = z
  .number({ error: PRIVACY_MESSAGES.months })
  .int(PRIVACY_MESSAGES.months)
  .min(RETENTION_LIMITS.months.min, PRIVACY_MESSAGES.months)
  .max(RETENTION_LIMITS.months.max, PRIVACY_MESSAGES.months);

/** The install's privacy settings: how long game data is kept and whom people write to about their data. */
export const privacySettingsSchema = z.object({
  positions_days: days,
  media_days: days,
  lead_months: months,
  contact_name: z.string().trim().max(200),
  contact_email: z
    .string()
    .trim()
    .max(320, PRIVACY_MESSAGES.contactEmail)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), PRIVACY_MESSAGES.contactEmail),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsResponse = z.object({ settings: privacySettingsSchema });

/** What the wizard, the join page and the privacy notice read (public): the current texts and the settings. */
export const publicPrivacyResponse = z.object({
  terms: privacyTextSchema.nullable(),
  waiver: privacyTextSchema.nullable(),
  notice: privacySettingsSchema,
});
export type PublicPrivacy = z.infer<typeof publicPrivacyResponse>;

/** Who accepted what on one booking: the booker's terms and each player's waiver with their photo consent. */
export const termsAcceptanceSchema = z.object({ version: z.number().int(), accepted_at: z.string(), text: z.string() });
export const waiverAcceptanceSchema = z.object({
  player_id: z.number().int().nullable(),
  name: z.string(),
  version: z.number().int(),
  photo_consent: z.boolean(),
  accepted_at: z.string(),
});
export const bookingConsentsSchema = z.object({
  /** Terms are published and this booking has not accepted any version yet (staff-made bookings start so). */
  terms_pending: z.boolean(),
  current_terms_version: z.number().int().nullable(),
  terms: termsAcceptanceSchema.nullable(),
  players: z.array(waiverAcceptanceSchema),
});
export type BookingConsents = z.infer<typeof bookingConsentsSchema>;
export const bookingConsentsResponse = z.object({ consents: bookingConsentsSchema });
export const acceptTermsBody = z.object({ terms_version: z.number({ error: PRIVACY_MESSAGES.termsRequired }).int() });

/** A person's data (issue 41): found by email or a player's name, exported, erased. */
export const peopleQuery = z.object({ q: z.string().trim().min(3, PRIVACY_MESSAGES.searchTooShort).max(200) });
export const personHitSchema = z.object({
  /** Where it was found: a booking's booker, a player of a game, a mail sent, a gift voucher bought. */
  kind: z.enum(['booker', 'player', 'mail', 'voucher']),
  email: z.string().nullable(),
  name: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  detail: z.string(),
});
export type PersonHit = z.infer<typeof personHitSchema>;
export const peopleResponse = z.object({ people: z.array(personHitSchema) });
export const personEmailQuery = z.object({ email: emailSchema });
export const personExportQuery = z.object({ email: emailSchema });
export const personExportHtml = z.string().describe('text/html: the same data, readable');
/** Everything held about one email, by the part that holds it (each part's rows as plain records). */
export const personExportResponse = z.object({
  email: z.string(),
  exported_at: z.string(),
  parts: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type PersonExport = z.infer<typeof personExportResponse>;
export const eraseBody = z.object({ email: emailSchema });
export const eraseResponse = z.object({
  erasure: z.object({ id: z.number().int(), erased_at: z.string(), counts: z.record(z.string(), z.number().int()) }),
});

export const disputePackResponse = z.string().describe("application/pdf: the booking's dispute pack");
