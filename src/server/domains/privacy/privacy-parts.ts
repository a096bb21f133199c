import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { mailOutbox } from '../../platform/db/tables';
import { scrubPattern } from '../../platform/db/scrub';
import { scrubActivity } from '../identity';
import { ERASED_NAME, erasedEmail } from '../../../shared/privacy/erasure';
import { waiverAcceptances } from './tables/privacy';
import type { PersonalDataPart, PersonRef } from './people';

const like = (q: string) => `%${q.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A person's waiver rows: in their bookings, under a name they went by. */
const theirWaivers = (person: PersonRef) =>
  person.bookingIds.length === 0 || person.names.length === 0
    ? sql`false`
    : and(
        inArray(waiverAcceptances.bookingId, person.bookingIds),
        inArray(
          sql`lower(${waiverAcceptances.name})`,
          person.names.map((n) => n.toLowerCase()),
        ),
      );

/** Privacy's own personal data: the names on waiver acceptances (the acceptance itself stays, with the erased name). */
export const waiverPart: PersonalDataPart = {
  name: 'waivers',
  async find(db, q) {
    const rows = await db
      .select()
      .from(waiverAcceptances)
      .where(ilike(waiverAcceptances.name, like(q)))
      .limit(50);
    return rows.map((r) => ({
      kind: 'player' as const,
      email: null,
      name: r.name,
      booking_id: r.bookingId,
      detail: `Accepted waiver v${r.version}, photo consent ${r.photoConsent ? 'yes' : 'no'}`,
    }));
  },
  async export(db, person) {
    const rows = await db.select().from(waiverAcceptances).where(theirWaivers(person)).orderBy(asc(waiverAcceptances.id));
    return rows.map((r) => ({
      booking_id: r.bookingId,
      name: r.name,
      waiver_version: r.version,
      photo_consent: r.photoConsent,
      accepted_at: r.acceptedAt.toISOString(),
    }));
  },
  async erase(tx, person) {
    const rows = await tx.update(waiverAcceptances).set({ name: ERASED_NAME }).where(theirWaivers(person)).returning({ id: waiverAcceptances.id });
    return { counts: { names: rows.length } };
  },
};

/** The mails sent to the person: their address, subject, text and attachments go; the row stays as a count of mail sent. */
export const mailPart: PersonalDataPart = {
  name: 'mails',
  async find(db, q) {
    const rows = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, bookingId: mailOutbox.bookingId })
      .from(mailOutbox)
      .where(ilike(mailOutbox.to, like(q)))
      .limit(50);
    return rows.map((r) => ({ kind: 'mail' as const, email: r.to, name: null, booking_id: r.bookingId, detail: r.subject }));
  },
  async export(db, person) {
    const rows = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.to})`, person.email))
      .orderBy(asc(mailOutbox.id));
    return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, status: r.status, created_at: r.createdAt.toISOString() }));
  },
  async erase(tx, person, ctx) {
    const bookings = person.bookingIds.length === 0 ? sql`false` : inArray(mailOutbox.bookingId, person.bookingIds);
    const rows = await tx
      .update(mailOutbox)
      .set({ to: erasedEmail(ctx.erasureId), subject: ERASED_NAME, text: ERASED_NAME, html: null, icalEvent: null, attachments: null, error: null })
      .where(sql`lower(${mailOutbox.to}) = ${person.email} or ${bookings}`)
      .returning({ id: mailOutbox.id });
    return { counts: { mails: rows.length } };
  },
};

/**
 * The activity log's entries (identity's): staff changes to the person's bookings copied their email and name into
 * before/after; the erasure replaces them there (its own entry holds neither). The whole log is searched: an entry
 * about another booking may name them too.
 */
export const activityPart: PersonalDataPart = {
  name: 'activity',
  find: () => Promise.resolve([]),
  export: () => Promise.resolve([]),
  async erase(tx, person) {
    const pattern = scrubPattern([person.email, ...person.names], ERASED_NAME);
    return { counts: { entries: pattern ? await scrubActivity(tx, pattern) : 0 } };
  },
};
