import type { QueryKey } from '@tanstack/react-query';

/**
 * The roots of the staff queries that show a booking's facts (its status and codes, payments, host, game): the
 * bookings lists, calendar and metrics, the payments ledger, the games and teams overviews and the activity log. A
 * write on a booking makes them all stale (`bookingFactsChanged`), so the next list staff open reads it again instead
 * of showing its copy from up to 10 s before (the queries' freshness, app/area-providers.tsx). Each feature builds its
 * keys under its root.
 */
export const bookingFactsRoots = {
  bookings: ['admin-bookings'],
  payments: ['admin-payments'],
  overview: ['admin-overview'],
  activity: ['admin', 'activity'],
} as const;

/** What a write on a booking marks stale (`invalidates` of its action). */
export const bookingFactsChanged: readonly QueryKey[] = Object.values(bookingFactsRoots);
