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

export function addOnNames(types: readonly string[], none = 'None'): string {
  if (types.length === 0) return none;
  return types.map((t) => ADD_ONS.find((a) => a.type === t)?.name ?? t).join(', ');
}

export function zoneLabel(zone: string): string {
  const known = SELECTABLE_TIMEZONES.find((z) => z.zone === zone);
  return known ? `${known.label} (${zone})` : zone;
}

/**
 * 'Saturday 15 June 2030 at 15:00' in the game's own zone (14:00 for a booking without a usable time, as the server);
 * in another reader's locale its own long form.
 */
export function whenText(b: Pick<BookerBooking, 'date' | 'meeting_time' | 'timezone' | 'utcDateTime'>, locale?: string, notSet = 'Not set'): string {
  const iso = loadedSchedule({ utcDateTime: b.utcDateTime, date: b.date, meetingTime: b.meeting_time, timezone: b.timezone }).utcDateTime;
  return (iso && formatMomentIn(iso, b.timezone, locale)) || notSet;
}

/** An amount in the reader's money locale (none for English: the spec's £15.50). */
export const money = (amount: number, currency: string, locale?: string) => formatMoney(amount, currency, locale);

/** The words of the Chicken's choice (spec section 3), English by default. */
export type ChickenWords = { self: string; player: string; team: string; undecided: string };
const CHICKEN_ENGLISH: ChickenWords = { self: 'The booker', player: 'A player', team: 'A team', undecided: 'Undecided' };

/** Spec section 3: self, player or team; otherwise Undecided. */
export function chickenText(choice: string | null, words: ChickenWords = CHICKEN_ENGLISH): string {
  if (choice === 'self') return words.self;
  if (choice === 'player') return words.player;
  if (choice === 'team') return words.team;
  return words.undecided;
}
