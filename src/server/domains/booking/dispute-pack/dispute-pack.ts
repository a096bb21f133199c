import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { NotFoundError } from '../../../platform/errors';
import { formatPence } from '../../../../shared/money';
import { PUBLIC_BOOKING_MESSAGES } from '../../../../shared/api/public-booking';
import { bookingConsents } from '../../privacy';
import { documentsOfEntries, ledgerOf } from '../../commerce/records';
import { playedGameFacts, bookingGamesOf } from '../../game/records';
import { bookings } from '../tables/bookings';
import { getTimeline } from '../admin-booking-timeline/admin-booking-timeline-service';
import type { PaymentMethod } from '../../../../shared/payments';
import { renderDisputePack, type PackSection } from './dispute-pack-pdf';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

/**
 * One booking's dispute pack (issue 41): what a card dispute asks for, from this booking only: the customer and the
 * booking, the terms they accepted with their text, the timeline, the payments with their invoices and credit notes,
 * the game's start and end, the check-ins and how many played. No other booking's data and no positions.
 */
export async function disputePack(db: Db, bookingId: number, deps: { paymentMethod: PaymentMethod; now: Date }): Promise<{ filename: string; pdf: Buffer }> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
  const [consents, timeline, ledger, played, games] = await Promise.all([
    bookingConsents(db, bookingId),
    getTimeline(db, bookingId, { paymentMethod: deps.paymentMethod, now: deps.now }),
    ledgerOf(db, bookingId),
    playedGameFacts(db, bookingId),
    bookingGamesOf(db, [bookingId]),
  ]);
  const documents = await documentsOfEntries(
    db,
    ledger.map((e) => e.id),
  );
  const gameCode = games.get(bookingId)?.code ?? null;
  const sections: PackSection[] = [
    {
      heading: 'Booking',
      lines: [
        `Reference: ${booking.tempCode}${gameCode ? ` (game code ${gameCode})` : ''}`,
        `Customer: ${booking.fullName ?? '—'} <${booking.email}>${booking.companyName ? `, ${booking.companyName}` : ''}`,
        `Booked: ${iso(booking.createdAt)}`,
        `Game: ${booking.date} in ${booking.city} (${booking.timezone}), ${booking.players} players booked, plan ${booking.planType}`,
        `Status: ${booking.bookingStatus}`,
      ],
    },
    consents.terms
      ? {
          heading: `Terms accepted: version ${consents.terms.version}`,
          lines: [`Accepted ${iso(consents.terms.accepted_at)} by the customer when booking.`],
          body: consents.terms.text,
        }
      : { heading: 'Terms', lines: [consents.terms_pending ? 'Terms published but not accepted yet.' : 'No terms were asked for this booking.'] },
    {
      heading: 'Payments and documents',
      lines: ledger.length
        ? ledger.map((e) => {
            const doc = documents.get(e.id);
            const paper = doc ? `; ${doc.kind.replace('_', ' ')} ${doc.number ?? '(waiting for a number)'}` : '';
            return `${iso(e.createdAt)}: ${e.kind} ${formatPence(e.paymentAmount, e.currency)} by ${e.paymentType}${e.providerReference ? ` (${e.providerReference})` : ''}${paper}`;
          })
        : ['No payment recorded.'],
    },
    {
      heading: 'The game',
      lines: [
        ...(played.rounds.length
          ? played.rounds.map((r, i) => `Round ${i + 1}: started ${iso(r.startTime)}, ended ${iso(r.endTime ?? (r.status === 'ended' ? r.endsAt : null))}`)
          : ['The game was not started.']),
        `Players who joined and played: ${played.players}`,
      ],
    },
    {
      heading: 'Check-ins',
      lines: played.checkIns.length ? played.checkIns.map((c) => `${iso(c.at)}: ${c.team} at ${c.place ?? 'a place'}`) : ['No check-ins.'],
    },
    {
      heading: 'Timeline',
      lines: timeline.entries.length ? [...timeline.entries].reverse().map((e) => `${iso(e.at)} — ${e.who}: ${e.summary}`) : ['Nothing recorded.'],
    },
  ];
  const pdf = await renderDisputePack({ title: `Dispute pack: booking ${booking.tempCode}`, generatedAt: deps.now, sections });
  return { filename: `dispute-pack-${booking.tempCode}.pdf`, pdf };
}
