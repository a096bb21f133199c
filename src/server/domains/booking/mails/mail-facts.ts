import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { NotFoundError } from '../../../platform/errors';
import { bookingGame } from '../../game/records';
import { staffMember } from '../../identity/records';
import { bookings } from '../tables/bookings';
import type { Language } from '../../../../shared/i18n/languages';

/** Staff members as the identity domain lets others read them (decision 0545). */
const mailHost = staffMember('mail_host');

/**
 * What the mails read of a booking, each in one query in the caller's transaction: the booker's facts (with the game's
 * code) and a host's. Mails are queued in the transaction of the change they report, with the booking's id, so a mail
 * leaves only if the change commits and shows in the booking's mail history.
 */

/** Where booking mails get their links: the configured public origin (passed in, never read from a request here). */
export type BookingMailer = { mail: Mailer; baseUrl: string };

/** What the mails read of a booking: its contact, schedule, codes and management key. */
export type BookingMailFacts = {
  email: string;
  fullName: string | null;
  city: string;
  players: number;
  date: string;
  meetingTime: { hour: number; minute: number };
  timezone: string;
  tempCode: string;
  manageKey: string;
  gameCode: string | null;
  /** The booker's language (decision 0591); absent: English. */
  language?: Language;
};

export async function loadBookingMailFacts(tx: DbOrTx, bookingId: number): Promise<BookingMailFacts> {
  const rows = await tx
    .select({
      email: bookings.email,
      fullName: bookings.fullName,
      city: bookings.city,
      players: bookings.players,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      tempCode: bookings.tempCode,
      manageKey: bookings.manageKey,
      gameCode: bookingGame.code,
      language: bookings.language,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

/** What a host's mails read: the game, never its prices or the booker's email (decision 0223). */
export type HostMailFacts = {
  host: { name: string; email: string };
  groupName: string | null;
  phone: string | null;
  city: string;
  players: number;
  date: string;
  meetingTime: { hour: number; minute: number };
  timezone: string;
  meetingPointAddress: string | null;
  gameCode: string | null;
};

export async function loadHostMailFacts(tx: DbOrTx, bookingId: number, hostId: number): Promise<HostMailFacts | null> {
  const rows = await tx
    .select({
      groupName: bookings.fullName,
      phone: bookings.tel,
      city: bookings.city,
      players: bookings.players,
      date: bookings.date,
      meetingTime: bookings.meetingTime,
      timezone: bookings.timezone,
      meetingPointAddress: bookings.meetingPointAddress,
      gameCode: bookingGame.code,
    })
    .from(bookings)
    .leftJoin(bookingGame, eq(bookingGame.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const hosts = await tx.select({ name: mailHost.name, email: mailHost.email }).from(mailHost).where(eq(mailHost.id, hostId)).limit(1);
  const row = rows[0];
  const host = hosts[0];
  return row && host ? { ...row, host } : null;
}
