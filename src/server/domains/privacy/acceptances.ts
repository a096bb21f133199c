import { asc, eq, and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { BookingConsents } from '../../../shared/api/privacy';
import { termsAcceptances, waiverAcceptances } from './tables/privacy';
import { currentText, textVersion } from './texts';

/** The booker accepted `version` of the terms for this booking; a booking keeps its first acceptance. */
export async function recordTermsAcceptance(tx: DbOrTx, bookingId: number, version: number, at: Date): Promise<void> {
  await tx.insert(termsAcceptances).values({ bookingId, version, acceptedAt: at }).onConflictDoNothing();
}

export async function termsAcceptanceOf(db: DbOrTx, bookingId: number) {
  const [row] = await db.select().from(termsAcceptances).where(eq(termsAcceptances.bookingId, bookingId)).limit(1);
  return row;
}

export type WaiverAcceptance = { playerId: number; bookingId: number; name: string; version: number; photoConsent: boolean; at: Date };

export async function recordWaiverAcceptance(tx: DbOrTx, a: WaiverAcceptance): Promise<void> {
  await tx.insert(waiverAcceptances).values({
    playerId: a.playerId,
    bookingId: a.bookingId,
    name: a.name,
    version: a.version,
    photoConsent: a.photoConsent,
    acceptedAt: a.at,
  });
}

/** Of these players, the ones who joined saying no to photos and videos: their media stays off every shared screen. */
export async function playersWithoutPhotoConsent(db: DbOrTx, bookingId: number): Promise<number[]> {
  const rows = await db
    .select({ playerId: waiverAcceptances.playerId })
    .from(waiverAcceptances)
    .where(and(eq(waiverAcceptances.bookingId, bookingId), eq(waiverAcceptances.photoConsent, false)));
  return rows.flatMap((r) => (r.playerId === null ? [] : [r.playerId]));
}

/** Whether one player may be shown in shared media: yes unless they joined declining it. */
export async function photoConsentOf(db: DbOrTx, playerId: number): Promise<boolean> {
  const [row] = await db.select({ consent: waiverAcceptances.photoConsent }).from(waiverAcceptances).where(eq(waiverAcceptances.playerId, playerId)).limit(1);
  return row?.consent ?? true;
}

/** Who accepted what on one booking, for staff and for the booker. */
export async function bookingConsents(db: DbOrTx, bookingId: number): Promise<BookingConsents> {
  const [current, accepted, waivers] = await Promise.all([
    currentText(db, 'terms'),
    termsAcceptanceOf(db, bookingId),
    db.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, bookingId)).orderBy(asc(waiverAcceptances.id)),
  ]);
  const acceptedText = accepted ? await textVersion(db, 'terms', accepted.version) : undefined;
  return {
    terms_pending: current !== undefined && accepted === undefined,
    current_terms_version: current?.version ?? null,
    terms: accepted ? { version: accepted.version, accepted_at: accepted.acceptedAt.toISOString(), text: acceptedText?.text ?? '' } : null,
    players: waivers.map((w) => ({
      player_id: w.playerId,
      name: w.name,
      version: w.version,
      photo_consent: w.photoConsent,
      accepted_at: w.acceptedAt.toISOString(),
    })),
  };
}

/** The waiver rows of these bookings (a person's export), oldest first. */
export function waiverAcceptancesOfBookings(db: DbOrTx, bookingIds: number[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.select().from(waiverAcceptances).where(inArray(waiverAcceptances.bookingId, bookingIds)).orderBy(asc(waiverAcceptances.id));
}
