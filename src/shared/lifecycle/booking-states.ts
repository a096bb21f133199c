import type { Refusal, Trigger } from './actors';

/**
 * The booking's state machine (docs/LIFECYCLE.md), the one home of what a booking status means and how it may change.
 * The server asks `bookingTransition` before every status write and refuses what it does not allow (409); the screens
 * read the same predicates.
 *
 * The stored `booking_status` is enquiry, lead, paid, completed and cancelled (set by a cancellation refund, decision 0505).
 * A booking is *closed* when staff marked its lead lost or trash, or it is cancelled: its stored status is kept, but no
 * payment may revive it until staff reopen it. The machine reads the two columns as one state.
 */

export const BOOKING_STATUSES = ['enquiry', 'lead', 'paid', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** A booking status in words, wherever staff read one (the status tabs, the CSV export). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  enquiry: 'Enquiry',
  lead: 'Lead',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The lifecycle state: the stored status, or `closed` for a lost, trashed or cancelled booking. */
export const BOOKING_STATES = ['enquiry', 'lead', 'paid', 'completed', 'closed'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Lead statuses that close a booking; reopening sets the lead back to REOPENED_LEAD_STATUS. */
export const CLOSED_LEAD_STATUSES = ['lost', 'trash'] as const;
export const REOPENED_LEAD_STATUS = 'contacted';

export type BookingTransitionName = 'accept_quote' | 'pay' | 'unpay' | 'complete' | 'resume' | 'close' | 'cancel' | 'reopen';

export type BookingTransition = {
  name: BookingTransitionName;
  from: readonly BookingState[];
  to: BookingState;
  by: readonly Trigger[];
  /** What it is, for the docs and the tests. */
  what: string;
};

export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  {
    name: 'accept_quote',
    from: ['enquiry', 'closed'],
    to: 'lead',
    by: ['booker'],
    what: "The customer accepts a proposal: it becomes a lead, its lead 'converted' (a proposal staff sent is their offer, so accepting it reopens a lost lead).",
  },
  {
    name: 'pay',
    from: ['enquiry', 'lead'],
    to: 'paid',
    by: ['staff', 'system'],
    what: 'A payment is recorded (by staff, or by the payment provider through its webhook): the game and its code are created.',
  },
  { name: 'unpay', from: ['paid'], to: 'lead', by: ['staff', 'system'], what: 'Voids or refunds leave nothing paid net before the game started (0190).' },
  {
    name: 'complete',
    from: ['paid'],
    to: 'completed',
    by: ['staff', 'host', 'ticker'],
    what: 'Its game ends: by hand (staff or its host), or at the end of its booked duration.',
  },
  { name: 'resume', from: ['completed'], to: 'paid', by: ['staff', 'host'], what: 'Its game is resumed within 30 minutes of its end.' },
  { name: 'close', from: ['enquiry', 'lead'], to: 'closed', by: ['staff'], what: "Staff mark the lead 'lost' or 'trash'." },
  {
    name: 'cancel',
    from: ['paid'],
    to: 'closed',
    by: ['staff'],
    what: 'Staff refund a paid booking as cancelled before its game (0505): its stored status becomes cancelled.',
  },
  {
    name: 'reopen',
    from: ['closed'],
    to: 'lead',
    by: ['staff'],
    what: "Staff reopen a lost, trashed or cancelled lead: its lead status becomes 'contacted' (a cancelled booking becomes a lead).",
  },
  {
    name: 'reopen',
    from: ['closed'],
    to: 'enquiry',
    by: ['staff'],
    what: "Staff reopen a lost or trashed enquiry: it stays an enquiry, its lead status becomes 'contacted'.",
  },
];

export function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

function isClosedLead(leadStatus: string): boolean {
  return (CLOSED_LEAD_STATUSES as readonly string[]).includes(leadStatus);
}

/** The lifecycle state of a stored booking. */
export function bookingState(b: { booking_status: string; lead_status: string }): BookingState {
  if (b.booking_status === 'cancelled') return 'closed';
  // A paid or played booking is a converted lead; a lead status set on it afterwards does not undo a payment.
  if (b.booking_status === 'paid' || b.booking_status === 'completed') return b.booking_status;
  if (isClosedLead(b.lead_status)) return 'closed';
  return b.booking_status === 'lead' ? 'lead' : 'enquiry';
}

/** Whether the booking has paid (and so may play): paid, or completed (its game was played). */
export function hasPaid(status: string): boolean {
  return status === 'paid' || status === 'completed';
}
/** Statuses that have paid, for queries. */
export const PAID_STATUSES = ['paid', 'completed'] as const satisfies readonly BookingStatus[];
/** A paid booking whose game is still to be played (or being played): what "needs a venue / a host" looks at. */
export const UPCOMING_STATUSES = ['paid'] as const satisfies readonly BookingStatus[];
/** A booking whose game was played. */
export const PLAYED_STATUSES = ['completed'] as const satisfies readonly BookingStatus[];

/** A closed booking: staff closed the lead (lost, trash) or it is cancelled. No payment may revive it (0190). */
export function isClosed(b: { booking_status: string; lead_status: string }): boolean {
  return bookingState(b) === 'closed';
}

/**
 * Why a payment is refused on a closed booking, and what to do: a whole sentence for each way of being closed, so the
 * messages catalogue translates each one whole (issue 38) instead of stitching an English word into another language.
 */
export const CLOSED_PAYMENT_MESSAGES = {
  cancelled: 'This booking is cancelled: reopen it before recording a payment.',
  lost: 'This booking is marked lost: reopen it before recording a payment.',
  trash: 'This booking is in the trash: reopen it before recording a payment.',
  closed: 'This booking is closed: reopen it before recording a payment.',
} as const;

/** Why a payment is refused on a closed booking, and what to do. */
export function closedPaymentMessage(b: { booking_status: string; lead_status: string }): string {
  if (b.booking_status === 'cancelled') return CLOSED_PAYMENT_MESSAGES.cancelled;
  if (b.lead_status === 'lost') return CLOSED_PAYMENT_MESSAGES.lost;
  if (b.lead_status === 'trash') return CLOSED_PAYMENT_MESSAGES.trash;
  return CLOSED_PAYMENT_MESSAGES.closed;
}

export const BOOKING_LIFECYCLE_MESSAGES = {
  notClosed: 'This booking is open already.',
  reopened: 'Booking reopened successfully',
  reopenReason: 'Please enter a reason for reopening this booking',
} as const;

const STATE_NAMES: Record<BookingState, string> = { enquiry: 'an enquiry', lead: 'a lead', paid: 'paid', completed: 'completed', closed: 'closed' };

/**
 * The transition from one state to another by this trigger, or why it is refused. Staying in the same state is not a
 * transition (a second payment of a paid booking), and is never asked here.
 */
export function bookingTransition(
  from: BookingState,
  to: BookingState,
  by: Trigger,
): { ok: true; transition: BookingTransition } | { ok: false; refusal: Refusal } {
  const candidates = BOOKING_TRANSITIONS.filter((t) => t.to === to && t.from.includes(from));
  const transition = candidates.find((t) => t.by.includes(by));
  if (transition) return { ok: true, transition };
  if (from === 'closed' && to === 'paid')
    return { ok: false, refusal: { code: 'booking_closed', message: 'This booking is closed: reopen it before recording a payment.' } };
  if (candidates.length)
    return {
      ok: false,
      refusal: { code: 'transition_not_allowed', message: `This change of a booking is not yours to make (${candidates.map((t) => t.name).join(', ')}).` },
    };
  return { ok: false, refusal: { code: 'transition_not_allowed', message: `A booking that is ${STATE_NAMES[from]} cannot become ${STATE_NAMES[to]}.` } };
}
