import type { BookerBooking } from '../../../shared/api/booking';
import { formatMoney } from '../../../shared/money';
import { ADD_ONS, PLANS } from '../../../shared/plans';
import { SELECTABLE_TIMEZONES } from '../../../shared/time';
import { loadedSchedule } from '../../../shared/meeting-time';
import { formatMomentIn } from '../../lib/moment-text';

/** Display helpers for the booker's pages. */

export function planName(type: string): string {
  return PLANS.find((p) => p.type === type)?.name ?? type;
}

export function addOnNames(types: readonly string[]): string {
  if (types.length === 0) return 'None';
  return types.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t).join(', ');
}

export function zoneLabel(zone: string): string {
  const known = SELECTABLE_TIMEZONES.find((z) => z.zone === zone);
  return known ? `${known.label} (${zone})` : zone;
}

/** 'Saturday 15 June 2030 at 15:00' in the game's own zone (14:00 for a booking without a usable time, as the server). */
export function whenText(b: Pick<BookerBooking, 'date' | 'meeting_time' | 'timezone' | 'utcDateTime'>): string {
  const iso = loadedSchedule({ utcDateTime: b.utcDateTime, date: b.date, meetingTime: b.meeting_time, timezone: b.timezone }).utcDateTime;
  return (iso && formatMomentIn(iso, b.timezone)) || 'Not set';
}

export const money = (amount: number, currency: string) => formatMoney(amount, currency);

/** Spec section 3: self, player or team; otherwise Undecided. */
export function chickenText(choice: string | null): string {
  if (choice === 'self') return 'The booker';
  if (choice === 'player') return 'A player';
  if (choice === 'team') return 'A team';
  return 'Undecided';
}
