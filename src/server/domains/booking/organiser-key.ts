import { safeEqual } from '../../platform/crypto';
import { ForbiddenError } from '../../platform/errors';
import { PUBLIC_BOOKING_MESSAGES } from '../../../shared/api/public-booking';

/**
 * The organiser's check (decision 0140): the booking's private management key, compared in constant time. The one
 * guard of every organiser call in every domain (the booker's game set-up, results, briefing, showcase, invoices and
 * the booking's own view), so none writes the comparison, or forgets the empty key, again.
 */
export function holdsManageKey(row: { manageKey: string }, given: string | null | undefined): boolean {
  return !!given && safeEqual(given, row.manageKey);
}

/** Refuses a call without the booking's management key: 403 with the message that points to the organiser's link. */
export function assertOrganiser(row: { manageKey: string }, given: string | null | undefined): void {
  if (!holdsManageKey(row, given)) throw new ForbiddenError(PUBLIC_BOOKING_MESSAGES.manageKeyRequired);
}
