import type { BookingRow, BookingWrite } from './booking-write';
import { TransitionError } from '../../platform/errors';
import type { Trigger } from '../../../shared/lifecycle/actors';
import { bookingState, bookingTransition, type BookingState, type BookingTransition } from '../../../shared/lifecycle/booking-states';
import { gameTransition, type GameState, type GameTransition } from '../../../shared/lifecycle/game-states';

/**
 * The server's side of the state machines in src/shared/lifecycle: every booking status and game instance status
 * write asks here first, and what the machine does not allow is refused with a typed 409 (TransitionError).
 */

export function stateOfRow(row: Pick<BookingRow, 'bookingStatus' | 'leadStatus'>): BookingState {
  return bookingState({ booking_status: row.bookingStatus, lead_status: row.leadStatus });
}

/** The transition of this booking to `to` by `by`, or a TransitionError. */
export function assertBookingTransition(row: Pick<BookingRow, 'bookingStatus' | 'leadStatus'>, to: BookingState, by: Trigger): BookingTransition {
  const decided = bookingTransition(stateOfRow(row), to, by);
  if (!decided.ok) throw new TransitionError({ status: 409, ...decided.refusal });
  return decided.transition;
}

/** Moves the booking's status (paid, completed, lead…) through the machine, inside the caller's booking write. */
export async function moveBooking(write: BookingWrite, to: 'enquiry' | 'lead' | 'paid' | 'completed', by: Trigger): Promise<BookingTransition> {
  const transition = assertBookingTransition(write.row, to, by);
  await write.update({ bookingStatus: to });
  return transition;
}

/** Cancels the booking through the machine (a cancellation refund before its game, 0505): its stored status 'cancelled'. */
export async function cancelBooking(write: BookingWrite, by: Trigger): Promise<BookingTransition> {
  const transition = assertBookingTransition(write.row, 'closed', by);
  await write.update({ bookingStatus: 'cancelled' });
  return transition;
}

export function assertGameTransition(from: GameState, to: GameState, by: Trigger): GameTransition {
  const decided = gameTransition(from, to, by);
  if (!decided.ok) throw new TransitionError({ status: 409, ...decided.refusal });
  return decided.transition;
}

/** Staff is any admin (on any game); a host acts on the games assigned to them (checked by the host routes). */
export function staffTrigger(user: { isAdmin: boolean }): 'staff' | 'host' {
  return user.isAdmin ? 'staff' : 'host';
}
