/**
 * The outside world's words for what happens in hatch (issue 39, decision 0560): the event types a webhook endpoint
 * may subscribe to, and the scopes of an API key. Shared, so the server, the staff screen and the tests agree.
 */
export const OUTSIDE_EVENT_TYPES = [
  'booking.created',
  'booking.changed',
  'booking.paid',
  'booking.cancelled',
  'booking.refunded',
  'invoice.issued',
  'game.started',
  'game.ended',
  'submission.reviewed',
  'chicken.found',
  'results.final',
] as const;
export type OutsideEventType = (typeof OUTSIDE_EVENT_TYPES)[number];

/** Sent by "Send test event" only: never recorded by a change, so no endpoint subscribes to it. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const OUTSIDE_EVENT_LABELS: Record<OutsideEventType, string> = {
  'booking.created': 'Booking created',
  'booking.changed': 'Booking changed',
  'booking.paid': 'Booking paid',
  'booking.cancelled': 'Booking cancelled',
  'booking.refunded': 'Booking refunded',
  'invoice.issued': 'Invoice or credit note issued',
  'game.started': 'Game started',
  'game.ended': 'Game ended',
  'submission.reviewed': 'Submission approved or rejected',
  'chicken.found': 'The Chicken found',
  'results.final': 'Results final',
};

/** The subject that orders a booking's events: every event about one booking is delivered in the order it happened. */
export const bookingSubject = (bookingId: number) => `booking:${bookingId}`;

export const API_KEY_SCOPES = ['bookings:read', 'bookings:write', 'games:read', 'finance:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'bookings:read': 'Read bookings',
  'bookings:write': 'Create bookings',
  'games:read': 'Read games and results',
  'finance:read': 'Read payments and invoices',
};
