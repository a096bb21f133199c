import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema/bookings';
import { games } from '../db/schema/games';
import type { Mailer } from './mail';
import { NotFoundError } from './errors';

/**
 * Mails to the booker when staff act on their game (issue 4). Staff code calls these inside the
 * transaction that makes the change: the mail goes to the outbox and leaves only if that commits.
 */

export type LockableSection = 'locations' | 'challenges' | 'game_area' | 'chicken' | 'host' | 'teams';
export type LocationSpot = 'meeting_point' | 'hiding_spot';

export const SECTION_LABELS: Record<LockableSection, string> = {
  locations: 'Meeting point and hiding spot',
  challenges: 'Challenges',
  game_area: 'Game area',
  chicken: 'The Chicken',
  host: 'Your host',
  teams: 'Teams',
};

const SPOT_LABELS: Record<LocationSpot, string> = { meeting_point: 'meeting point', hiding_spot: 'hiding spot' };

type Options = { bookingId: number; publicUrl?: string | undefined };

async function loadRecipient(tx: DbOrTx, bookingId: number) {
  const rows = await tx
    .select({
      email: bookings.email,
      fullName: bookings.fullName,
      meetingPointAddress: bookings.meetingPointAddress,
      meetingPointNotes: bookings.meetingPointNotes,
      hidingSpotAddress: bookings.hidingSpotAddress,
      hidingSpotNotes: bookings.hidingSpotNotes,
      gameCode: games.code,
    })
    .from(bookings)
    .leftJoin(games, eq(games.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const row = rows[0];
  if (!row) throw new NotFoundError('Booking not found');
  return row;
}

function greeting(name: string | null): string {
  return name ? `Hi ${name},` : 'Hi,';
}

function manageLine(gameCode: string | null, publicUrl: string | undefined): string {
  if (!gameCode) return '';
  const path = `/booking/${gameCode}`;
  return publicUrl ? `Manage your game: ${publicUrl.replace(/\/$/, '')}${path}` : `Manage your game with your game code ${gameCode}.`;
}

/** Staff confirmed the meeting point or hiding spot: tell the booker where it is. */
export async function notifyLocationConfirmed(tx: DbOrTx, mail: Mailer, options: Options & { spot: LocationSpot }): Promise<void> {
  const b = await loadRecipient(tx, options.bookingId);
  const label = SPOT_LABELS[options.spot];
  const address = options.spot === 'meeting_point' ? b.meetingPointAddress : b.hidingSpotAddress;
  const notes = options.spot === 'meeting_point' ? b.meetingPointNotes : b.hidingSpotNotes;
  const lines = [
    greeting(b.fullName),
    '',
    `Our team has confirmed the ${label} of your game${b.gameCode ? ` ${b.gameCode}` : ''}:`,
    address ?? 'Not set',
    ...(notes ? ['', `Notes: ${notes}`] : []),
    '',
    manageLine(b.gameCode, options.publicUrl),
  ];
  await mail.queue(tx, {
    to: b.email,
    subject: `Your ${label} is confirmed`,
    text: lines.join('\n').trimEnd(),
    kind: `booker.location_confirmed.${options.spot}`,
    bookingId: options.bookingId,
  });
}

/** Staff locked one or more sections of the game: the booker can no longer change them by code. */
export async function notifySectionLocked(
  tx: DbOrTx,
  mail: Mailer,
  options: Options & { section: LockableSection | readonly LockableSection[] },
): Promise<void> {
  const sections = typeof options.section === 'string' ? [options.section] : [...options.section];
  if (sections.length === 0) return;
  const b = await loadRecipient(tx, options.bookingId);
  const labels = sections.map((s) => SECTION_LABELS[s]);
  const list = labels.join(', ');
  const lines = [
    greeting(b.fullName),
    '',
    `Our team has set ${sections.length === 1 ? 'this part' : 'these parts'} of your game${b.gameCode ? ` ${b.gameCode}` : ''}: ${list}.`,
    'They can no longer be changed online. Reply to this email if something needs to change.',
    '',
    manageLine(b.gameCode, options.publicUrl),
  ];
  await mail.queue(tx, {
    to: b.email,
    subject: `${list}: set by our team`,
    text: lines.join('\n').trimEnd(),
    kind: `booker.section_locked.${sections.join('+')}`,
    bookingId: options.bookingId,
  });
}
