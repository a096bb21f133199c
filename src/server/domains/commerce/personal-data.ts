import { asc, inArray } from 'drizzle-orm';
import { findBookingFacts } from '../booking';
import type { PersonalDataPart } from '../privacy';
import { invoices } from './tables/invoices';
import { keepBuyer } from './invoices/invoices-repository';

/**
 * Invoices and credit notes of a person's bookings (issue 41, decision 0570): exported, and on an erasure kept as they
 * are, their buyer's name and email copied first into `invoice_buyers` so that the documents still name the buyer once
 * the booking's fields are replaced. Tax law keeps them; nothing of them is erased.
 */
export const commercePersonalData: PersonalDataPart = {
  name: 'invoices',
  find: () => Promise.resolve([]),
  async export(db, person) {
    if (person.bookingIds.length === 0) return [];
    const rows = await db.select().from(invoices).where(inArray(invoices.bookingId, person.bookingIds)).orderBy(asc(invoices.id));
    return rows.map((r) => ({
      booking_id: r.bookingId,
      number: r.number,
      kind: r.kind,
      gross: r.gross,
      currency: r.currency,
      issued_at: r.issuedAt?.toISOString() ?? null,
    }));
  },
  async erase(tx, person) {
    if (person.bookingIds.length === 0) return { counts: { invoices_kept: 0 } };
    const rows = await tx.select({ bookingId: invoices.bookingId }).from(invoices).where(inArray(invoices.bookingId, person.bookingIds));
    const withInvoices = [...new Set(rows.map((r) => r.bookingId))];
    for (const id of withInvoices) {
      const booking = await findBookingFacts(tx, { id });
      if (booking) await keepBuyer(tx, id, { name: booking.fullName, email: booking.email });
    }
    return { counts: { invoices_kept: rows.length } };
  },
};
