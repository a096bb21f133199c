import { z } from 'zod';
import { LANGUAGE_CODES } from '../i18n/languages';
import { adminBookingSchema, CONTACT_TYPES, LEAD_STATUSES } from './booking';
import { idParam, idSchema } from './common';
import { hasNoNul, isOneLine, NUL_MESSAGE, ONE_LINE_MESSAGE } from '../validation/text-rules';
import { BOOKING_LIFECYCLE_MESSAGES } from '../lifecycle/booking-states';
import { leaderboardTeamSchema } from './scoring';
import { DEFAULT_REFUND_PURPOSE, REFUND_PURPOSES, type RefundPurpose } from '../payments';
import { VOUCHER_PAYMENT_TYPE } from '../commerce/gift-vouchers';

/** Texts of the booking detail screen and its calls (spec sections 5 and 8), shared by server, web and tests. */
export const DETAIL_MESSAGES = {
  notFound: 'Booking not found',
  selectHost: 'Please select a host',
  meetingPoint: 'Please enter a meeting point',
  hidingSpot: 'Please enter a hiding spot address',
  userId: 'Please enter a user ID',
  noGame: 'No game associated with this booking',
  leadReasonPrompt: 'Please enter a reason for this status change:',
  leadReason: 'Please enter a reason for this status change',
  note: 'Please enter a note',
  exactlyOne: 'Send exactly one field to change',
  invalidDateTime: 'Invalid date/time',
  invalidTimezone: 'Please choose a valid timezone',
  stale: 'This booking was changed by someone else in the meantime. The latest version has been loaded; please check and try again.',
  gameAlreadyStarted: 'Game already started',
  userNotFound: 'No user with that ID',
  notAHost: 'That user is not a host',
  paymentType: 'Please choose a payment type',
  paymentAmount: 'Please enter an amount greater than 0 (in pence)',
  noLockChange: 'Choose at least one section to lock or unlock',
  hostChanged: 'Emergency host change successful',
  notPaid: 'The booking is not paid yet: record a payment first',
  paymentNotFound: 'Payment not found',
  onlyPayments: 'Only a payment can be voided or refunded, not a correction',
  alreadyVoided: 'This payment has already been voided',
  nothingLeft: 'Nothing is left of this payment to void or refund',
  correctionReason: 'Please enter a reason',
  refundAmount: 'Please enter a refund amount greater than 0 (in pence)',
  refundPurpose: 'Please choose what the refund is: a lower price, a cancellation, or a correction of a wrong payment',
  pastStart: 'This start is in the past: confirm to save it anyway. The customer is not mailed a past date.',
} as const;

/** A refund may return at most what is left of the payment (`left` already formatted in its currency). */
export const refundTooHighMessage = (left: string) => `A refund cannot be more than the ${left} left of this payment`;

/** A price reduction (concession or cancellation, 0505) may take the total down to nothing, not below. */
export const concessionTooHighMessage = (total: string) => `A lower price cannot take more than the booking's total of ${total}`;

/** How a refund's purpose reads on its credit note and in the staff ledger. */
export const REFUND_PURPOSE_DOCUMENT_TEXT: Record<RefundPurpose, string> = {
  concession: 'Price reduced',
  cancellation: 'Cancelled',
  correction: 'Payment corrected',
};

/** Booking fields PATCH /api/admin/bookings/{id} may change, one per call. */
export const DETAIL_PATCH_FIELDS = [
  'admin_general_notes',
  'utcDateTime',
  'assigned_host_id',
  'meeting_point_address',
  'hiding_spot_address',
  'language',
] as const;

/** Text PostgreSQL can store: no NUL characters. */
const storable = (value: string | null | undefined) => value == null || hasNoNul(value);
const noNul = NUL_MESSAGE;

/** The version of the record the client edited; a stale one is refused with 409. */
export const versionField = z.number().int().positive().max(2_147_483_647).optional();

export const detailPatchBody = z
  .object({
    admin_general_notes: z.string().max(20_000).refine(storable, noNul).nullable().optional(),
    utcDateTime: z.iso
      .datetime({ offset: true, error: DETAIL_MESSAGES.invalidDateTime })
      .refine((v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 2200;
      }, DETAIL_MESSAGES.invalidDateTime)
      .optional(),
    timezone: z
      .string({ error: DETAIL_MESSAGES.invalidTimezone })
      .min(1, DETAIL_MESSAGES.invalidTimezone)
      .max(64)
      .refine(storable, DETAIL_MESSAGES.invalidTimezone)
      .optional(),
    assigned_host_id: z
      .number({ error: DETAIL_MESSAGES.selectHost })
      .int(DETAIL_MESSAGES.selectHost)
      .positive(DETAIL_MESSAGES.selectHost)
      .max(2_147_483_647)
      .optional(),
    meeting_point_address: z
      .string({ error: DETAIL_MESSAGES.meetingPoint })
      .trim()
      .min(1, DETAIL_MESSAGES.meetingPoint)
      .max(500)
      .refine(storable, noNul)
      .refine(isOneLine, ONE_LINE_MESSAGE)
      .optional(),
    hiding_spot_address: z
      .string({ error: DETAIL_MESSAGES.hidingSpot })
      .trim()
      .min(1, DETAIL_MESSAGES.hidingSpot)
      .max(500)
      .refine(storable, noNul)
      .refine(isOneLine, ONE_LINE_MESSAGE)
      .optional(),
    /** The booker's language (decision 0591): their mails, invites and documents from now on. */
    language: z.enum(LANGUAGE_CODES, { message: 'Please choose a language' }).optional(),
    /** With utcDateTime: staff confirmed a start in the past (else it is refused, decision 0160). */
    confirm_past: z.boolean().optional(),
    version: versionField,
  })
  .strict()
  .superRefine((body, ctx) => {
    const present = DETAIL_PATCH_FIELDS.filter((f) => body[f] !== undefined);
    if (present.length !== 1) ctx.addIssue({ code: 'custom', message: DETAIL_MESSAGES.exactlyOne, path: [] });
    if (body.utcDateTime !== undefined && body.timezone === undefined) {
      ctx.addIssue({ code: 'custom', message: DETAIL_MESSAGES.invalidTimezone, path: ['timezone'] });
    }
    if (body.timezone !== undefined && body.utcDateTime === undefined) {
      ctx.addIssue({ code: 'custom', message: DETAIL_MESSAGES.invalidDateTime, path: ['utcDateTime'] });
    }
  });
export type DetailPatchBody = z.infer<typeof detailPatchBody>;
export type DetailPatchInput = z.input<typeof detailPatchBody>;

export const addNoteBody = z.object({
  note: z.string({ error: DETAIL_MESSAGES.note }).trim().min(1, DETAIL_MESSAGES.note).max(5_000).refine(storable, noNul),
  type: z.enum(CONTACT_TYPES).default('note'),
  version: versionField,
});

export const leadStatusBody = z.object({
  lead_status: z.enum(LEAD_STATUSES),
  lead_status_reason: z.string({ error: DETAIL_MESSAGES.leadReason }).trim().min(1, DETAIL_MESSAGES.leadReason).max(2_000).refine(storable, noNul),
  version: versionField,
});

/** The user ID typed by staff: a number or its digits. */
export const emergencyHostBody = z.object({
  host_id: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z.number({ error: DETAIL_MESSAGES.userId }).int(DETAIL_MESSAGES.userId).positive(DETAIL_MESSAGES.userId).max(2_147_483_647, DETAIL_MESSAGES.userId),
  ),
  version: versionField,
});

export const toggleWeaponsBody = z.object({ weapons_on: z.boolean(), version: versionField });

export const PAYMENT_TYPES = ['card', 'bank_transfer', 'cash', 'invoice', 'other'] as const;
export const PAYMENT_TYPE_LABELS: Record<(typeof PAYMENT_TYPES)[number], string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  invoice: 'Invoice',
  other: 'Other',
};

/**
 * Every type the ledger's screens name and filter by: staff's types and a gift voucher's payment (issue 35, 0505).
 * A provider's own type (any short text) is shown as it is.
 */
export const LEDGER_PAYMENT_TYPES = [...PAYMENT_TYPES, VOUCHER_PAYMENT_TYPE] as const;
const LEDGER_PAYMENT_TYPE_LABELS: Record<(typeof LEDGER_PAYMENT_TYPES)[number], string> = {
  ...PAYMENT_TYPE_LABELS,
  [VOUCHER_PAYMENT_TYPE]: 'Gift voucher',
};

/** A ledger entry's payment type in words: the one label of staff pages, the payments list and the receipts. */
export function paymentTypeLabel(type: string): string {
  const known = LEDGER_PAYMENT_TYPES.find((t) => t === type);
  return known ? LEDGER_PAYMENT_TYPE_LABELS[known] : type;
}

/**
 * A ledger entry's type as every list of entries names it (the payments page, its CSV, the accountant's export): the
 * type's label, marked "(free)" when a staff-issued gift voucher paid it (no money received, decision 0505).
 */
export function ledgerEntryTypeLabel(type: string, freeVoucher: boolean): string {
  return `${paymentTypeLabel(type)}${freeVoucher ? ' (free)' : ''}`;
}

export const recordPaymentBody = z.object({
  payment_type: z
    .string({ error: DETAIL_MESSAGES.paymentType })
    .trim()
    .min(1, DETAIL_MESSAGES.paymentType)
    .max(50, DETAIL_MESSAGES.paymentType)
    .refine(storable, DETAIL_MESSAGES.paymentType)
    .refine(isOneLine, ONE_LINE_MESSAGE),
  payment_amount: z
    .number({ error: DETAIL_MESSAGES.paymentAmount })
    .int(DETAIL_MESSAGES.paymentAmount)
    .positive(DETAIL_MESSAGES.paymentAmount)
    .max(100_000_000, DETAIL_MESSAGES.paymentAmount),
  version: versionField,
});

export const paymentParams = idParam.extend({ paymentId: idSchema });

const correctionReason = z
  .string({ error: DETAIL_MESSAGES.correctionReason })
  .trim()
  .min(1, DETAIL_MESSAGES.correctionReason)
  .max(2_000)
  .refine(storable, noNul);

export const voidPaymentBody = z.object({ reason: correctionReason, version: versionField });

/** `amount` in pence of the booking's currency, positive: the entry recorded is its negative. */
export const refundPaymentBody = z.object({
  amount: z
    .number({ error: DETAIL_MESSAGES.refundAmount })
    .int(DETAIL_MESSAGES.refundAmount)
    .positive(DETAIL_MESSAGES.refundAmount)
    .max(100_000_000, DETAIL_MESSAGES.refundAmount),
  reason: correctionReason,
  version: versionField,
  /** What the refund is (decision 0505); without it a correction, as before. */
  purpose: z.enum(REFUND_PURPOSES, { error: DETAIL_MESSAGES.refundPurpose }).default(DEFAULT_REFUND_PURPOSE),
});

export const LOCK_SECTIONS = ['locations', 'challenges', 'game_area', 'chicken', 'host', 'teams'] as const;
export type LockSection = (typeof LOCK_SECTIONS)[number];
export const LOCK_LABELS: Record<LockSection, string> = {
  locations: 'Locations',
  challenges: 'Challenges',
  game_area: 'Game Area',
  chicken: 'Chicken',
  host: 'Host',
  teams: 'Teams',
};

export const locksBody = z
  .object({
    locations: z.boolean().optional(),
    challenges: z.boolean().optional(),
    game_area: z.boolean().optional(),
    chicken: z.boolean().optional(),
    host: z.boolean().optional(),
    teams: z.boolean().optional(),
    version: versionField,
  })
  .strict()
  .refine((body) => LOCK_SECTIONS.some((s) => body[s] !== undefined), { message: DETAIL_MESSAGES.noLockChange });

export const startGameResponse = z.object({ code: z.string() });
/** POST …/reopen: why staff reopen a lost, trashed or cancelled booking (written to its history). */
export const reopenBody = z.object({
  reason: z
    .string({ error: BOOKING_LIFECYCLE_MESSAGES.reopenReason })
    .trim()
    .min(1, BOOKING_LIFECYCLE_MESSAGES.reopenReason)
    .max(2_000)
    .refine(storable, noNul),
  version: versionField,
});
export const emergencyHostResponse = z.object({ message: z.string(), booking: adminBookingSchema });
export const toggleWeaponsResponse = z.object({ weapons_on: z.boolean(), booking: adminBookingSchema });

export const heartbeatSchema = z.object({
  game_code: z.string().nullable(),
  live_instances_count: z.number().int(),
  instances: z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      start_time: z.string(),
      end_time: z.string().nullable(),
      /** Minutes from start to end, or to now while running. */
      duration: z.number().int(),
      submissions_count: z.number().int(),
      latest_submission: z.object({ team_name: z.string(), submitted_at: z.string(), status: z.string(), points_awarded: z.number().int() }).nullable(),
      latest_area: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }).nullable(),
      players: z.array(z.object({ id: z.number().int(), name: z.string(), ready: z.boolean() })),
      /**
       * Best first by the one leaderboard rule (decision 0240). `points` is the spec's: challenge points plus staff
       * adjustments; `total` adds the chicken points and is what the team is ranked by.
       */
      teams: z.array(leaderboardTeamSchema.extend({ points: z.number().int() })),
    }),
  ),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;
