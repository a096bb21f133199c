import { z } from 'zod';
import { format, isValid, parse } from 'date-fns';
import { API_DATE } from '../time';
import { ADD_ON_TYPES, PLAN_TYPES } from '../plans';
import { idSchema, paginationSchema } from './common';
import { unitsToMinor } from '../money';

/** Proposals (quotes) for leads: docs/decisions/0260-proposals.md. */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** A quote is for a group of any size staff agree to; the wizard's 200 is the self-service limit. */
export const PROPOSAL_PLAYERS_MIN = 2;
export const PROPOSAL_PLAYERS_MAX = 10_000;
export const PROPOSAL_MAX_LINES = 20;

export const PROPOSAL_MESSAGES = {
  notFound: 'Proposal not found',
  bookingNotFound: 'Booking not found',
  notALead: 'A proposal can only be made for a booking that is not paid yet.',
  onlyDraftEdited: 'Only a draft proposal can be edited.',
  cannotSend: 'Only a draft or sent proposal can be sent.',
  cannotWithdraw: 'An accepted or withdrawn proposal cannot be withdrawn.',
  expired: 'This proposal has expired. Please contact us for a new one.',
  withdrawn: 'This proposal has been withdrawn. Please contact us for a new one.',
  alreadyAccepted: 'This proposal has already been accepted.',
  notSent: 'This proposal has not been sent yet.',
  bookingPaid: 'This booking can no longer take a proposal.',
  validUntilPast: 'The valid-until date must be today or later.',
  validUntilInvalid: 'Please enter a valid date',
  negativeTotal: 'Discounts cannot take the total below zero.',
  lineLabel: 'Please enter a label for this line',
  lineAmount: 'Please enter an amount (negative for a discount)',
  acceptedReason: 'Proposal accepted',
  bookingAccepted: 'This booking has already accepted a proposal.',
} as const;

/** A real day (no 2031-02-30): the database would refuse anything else with an error, not a 422. */
function isRealDay(text: string): boolean {
  const day = parse(text, API_DATE, new Date(0));
  return isValid(day) && format(day, API_DATE) === text && day.getFullYear() >= 2000 && day.getFullYear() <= 2999;
}
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PROPOSAL_MESSAGES.validUntilInvalid)
  .refine(isRealDay, PROPOSAL_MESSAGES.validUntilInvalid);

export const proposalLineSchema = z.object({
  label: z.string().trim().min(1, PROPOSAL_MESSAGES.lineLabel).max(120),
  amount: z
    .number({ error: PROPOSAL_MESSAGES.lineAmount })
    .finite(PROPOSAL_MESSAGES.lineAmount)
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0 && unitsToMinor(n) !== null, PROPOSAL_MESSAGES.lineAmount),
});

const proposalFields = {
  plan_type: z.enum(PLAN_TYPES),
  players: z.number().int().min(PROPOSAL_PLAYERS_MIN).max(PROPOSAL_PLAYERS_MAX),
  add_ons: z
    .array(z.enum(ADD_ON_TYPES))
    .max(ADD_ON_TYPES.length)
    .refine((a) => new Set(a).size === a.length, 'Each add-on once'),
  lines: z.array(proposalLineSchema).max(PROPOSAL_MAX_LINES),
  valid_until: isoDate,
};
export const createProposalBody = z.object({ booking_id: z.number().int().positive().max(2_147_483_647), ...proposalFields });
export type CreateProposalBody = z.infer<typeof createProposalBody>;
export const updateProposalBody = z.object(proposalFields);
export type UpdateProposalBody = z.infer<typeof updateProposalBody>;

const money = z.number();
const priced = {
  plan_type: z.string(),
  players: z.number().int(),
  add_ons: z.array(z.string()),
  lines: z.array(z.object({ label: z.string(), amount: money })),
  currency: z.string(),
  price_per_person: money,
  add_ons_total: money,
  lines_total: money,
  total_price: money,
  valid_until: z.string(),
};

export const proposalSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  booking_name: z.string().nullable(),
  booking_email: z.string(),
  booking_status: z.string(),
  lead_status: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** Sent and past its valid-until date (in the admin zone) without being accepted. */
  expired: z.boolean(),
  ...priced,
  /** The customer's link, for staff to give again. */
  link: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
export const proposalResponse = z.object({ proposal: proposalSchema });

export const PROPOSAL_LIST_STATUSES = ['all', ...PROPOSAL_STATUSES, 'expired'] as const;
export type ProposalListStatus = (typeof PROPOSAL_LIST_STATUSES)[number];
export const proposalsQuery = z.object({
  status: z.enum(PROPOSAL_LIST_STATUSES).default('all'),
  booking_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const proposalsResponse = z.object({ proposals: z.array(proposalSchema), pagination: paginationSchema });

/** The customer's view at /proposal/{token}: the quote, never the booking's private data. */
export const tokenParam = z.object({ token: z.string().min(1).max(200) });
export const publicProposalSchema = z.object({
  ...priced,
  status: z.enum(['open', 'accepted']),
  /** Once accepted: the management page, where the customer pays (the link the accept answered). */
  manage_path: z.string().nullable(),
  full_name: z.string().nullable(),
  city: z.string(),
  date: z.string(),
});
export type PublicProposal = z.infer<typeof publicProposalSchema>;
export const publicProposalResponse = z.object({ proposal: publicProposalSchema });
/** Where the customer goes next: the management page, where they pay. */
export const acceptProposalResponse = z.object({ manage_path: z.string() });
