import { and, asc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { holds, scrubJson, scrubPattern, scrubText } from '../../platform/db/scrub';
import type { PersonalDataPart, PersonRef, RetentionPart } from '../privacy';
import { ERASED_NAME, erasedEmail } from '../../../shared/privacy/erasure';
import { TRACKING_FIELDS } from '../../../shared/tracking';
import { bookingChanges, bookings, contactHistory } from './tables/bookings';
import { bookingFeedback } from './tables/booking-feedback';
import { trackingColumns } from './booking-create';
import { writeErasure } from './booking-write';

const like = (q: string) => `%${q.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
const ofPerson = (person: PersonRef) => (person.bookingIds.length === 0 ? sql`false` : inArray(bookings.id, person.bookingIds));
const noTracking = trackingColumns(Object.fromEntries(TRACKING_FIELDS.map((f) => [f, null])));

/**
 * What the booking domain holds of a person (issue 41, decision 0570): the bookings made under their email, their
 * contact details there, the notes and timelines about them and their feedback. The ledger's payments hold no personal
 * field and stay; invoices are commerce's and keep the buyer.
 */
export const bookingPersonalData: PersonalDataPart = {
  name: 'bookings',
  async locate(db, email) {
    const rows = await db
      .select({ id: bookings.id, name: bookings.fullName, tel: bookings.tel, company: bookings.companyName })
      .from(bookings)
      .where(eq(sql`lower(${bookings.email})`, email));
    // The phone and company go with the names: the timelines and the activity log copy them too.
    return { bookingIds: rows.map((r) => r.id), names: rows.flatMap((r) => [r.name, r.tel, r.company].filter((v): v is string => !!v)) };
  },
  async find(db, q) {
    const rows = await db
      .select({ id: bookings.id, email: bookings.email, name: bookings.fullName, date: bookings.date, status: bookings.bookingStatus })
      .from(bookings)
      .where(or(ilike(bookings.email, like(q)), ilike(bookings.fullName, like(q)), ilike(bookings.tel, like(q))))
      .orderBy(asc(bookings.id))
      .limit(50);
    return rows.map((r) => ({ kind: 'booker' as const, email: r.email, name: r.name, booking_id: r.id, detail: `Booking ${r.date} (${r.status})` }));
  },
  async export(db, person) {
    const rows = await db.select().from(bookings).where(ofPerson(person)).orderBy(asc(bookings.id));
    const ids = rows.map((r) => r.id);
    const [notes, feedback] = ids.length
      ? await Promise.all([
          db.select().from(contactHistory).where(inArray(contactHistory.bookingId, ids)),
          db.select().from(bookingFeedback).where(inArray(bookingFeedback.bookingId, ids)),
        ])
      : [[], []];
    return rows.map((r) => ({
      booking_id: r.id,
      email: r.email,
      full_name: r.fullName,
      phone: r.tel,
      company_name: r.companyName,
      referral_source: r.referralSource,
      date: r.date,
      city: r.city,
      players: r.players,
      status: r.bookingStatus,
      created_at: r.createdAt.toISOString(),
      contact_notes: notes.filter((n) => n.bookingId === r.id).map((n) => ({ type: n.type, note: n.note, at: n.createdAt.toISOString() })),
      feedback: feedback.filter((f) => f.bookingId === r.id).map((f) => ({ rating: f.rating, comment: f.comment })),
    }));
  },
  async erase(tx, person, ctx) {
    const pattern = scrubPattern([person.email, ...person.names], ERASED_NAME);
    const ids = person.bookingIds;
    let scrubbed = 0;
    if (pattern && ids.length) {
      scrubbed += (
        await tx
          .update(contactHistory)
          .set({ note: scrubText(contactHistory.note, pattern) })
          .where(and(inArray(contactHistory.bookingId, ids), holds(contactHistory.note, pattern)))
          .returning({ id: contactHistory.id })
      ).length;
      scrubbed += (
        await tx
          .update(bookingChanges)
          .set({ fields: scrubJson(bookingChanges.fields, pattern) })
          .where(and(inArray(bookingChanges.bookingId, ids), holds(bookingChanges.fields, pattern, true)))
          .returning({ id: bookingChanges.id })
      ).length;
      await tx
        .update(bookings)
        .set({ adminGeneralNotes: scrubText(bookings.adminGeneralNotes, pattern), adminVenueNotes: scrubText(bookings.adminVenueNotes, pattern) })
        .where(inArray(bookings.id, ids));
    }
    const feedback = ids.length
      ? await tx.update(bookingFeedback).set({ comment: '' }).where(inArray(bookingFeedback.bookingId, ids)).returning({ id: bookingFeedback.bookingId })
      : [];
    const erased = await writeErasure(tx, ids, {
      email: erasedEmail(ctx.erasureId),
      fullName: ERASED_NAME,
      tel: null,
      companyName: null,
      referralSource: null,
      createdBySession: null,
      ...noTracking,
    });
    return { counts: { bookings: erased, notes_and_changes: scrubbed, feedback: feedback.length } };
  },
};

/** Leads and enquiries that never booked, made before the cut-off: their contact details go like an erasure's. */
export const bookingRetention: RetentionPart = {
  name: 'bookings',
  async prune(tx: Tx, cutoffs) {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          inArray(bookings.bookingStatus, ['enquiry', 'lead']),
          lt(bookings.createdAt, cutoffs.leads),
          sql`${bookings.email} not like 'erased-%@erased.invalid'`,
        ),
      );
    const ids = due.map((r) => r.id);
    const erased = await writeErasure(tx, ids, {
      email: sql`'erased-lead-' || ${bookings.id} || '@erased.invalid'`,
      fullName: ERASED_NAME,
      tel: null,
      companyName: null,
      referralSource: null,
      createdBySession: null,
      ...noTracking,
    });
    return { counts: { leads: erased } };
  },
};
