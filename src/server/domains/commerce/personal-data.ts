import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { findBookingFacts } from '../booking';
import type { PersonalDataPart } from '../privacy';
import { invoices } from './tables/invoices';
import { giftVouchers } from './tables/gift-vouchers';
import { ERASED_NAME, erasedEmail } from '../../../shared/privacy/erasure';
import { scrubPattern, scrubText } from '../../platform/db/scrub';
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

const like = (q: string) => `%${q.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
const boughtBy = (email: string) => eq(sql`lower(${giftVouchers.buyerEmail})`, email);

/**
 * Gift vouchers the person bought (issue 41): found and exported by the buyer's email; erased by replacing the buyer's
 * name and email. The voucher itself, its code, balance and ledger stay: someone else may hold it, and its money is
 * accounted for like a payment.
 */
export const voucherPersonalData: PersonalDataPart = {
  name: 'gift_vouchers',
  async find(db, q) {
    const rows = await db
      .select({ email: giftVouchers.buyerEmail, name: giftVouchers.buyerName, code: giftVouchers.code })
      .from(giftVouchers)
      .where(ilike(giftVouchers.buyerEmail, like(q)))
      .limit(50);
    return rows.map((r) => ({
      kind: 'voucher' as const,
      email: r.email,
      name: r.name,
      booking_id: null,
      detail: `Bought gift voucher ${r.code ?? '(unpaid)'}`,
    }));
  },
  async export(db, person) {
    const rows = await db.select().from(giftVouchers).where(boughtBy(person.email)).orderBy(asc(giftVouchers.id));
    return rows.map((r) => ({
      code: r.code,
      amount: r.amount,
      balance: r.balance,
      currency: r.currency,
      buyer_name: r.buyerName,
      buyer_email: r.buyerEmail,
      recipient_name: r.recipientName,
      message: r.message,
      issued_at: r.issuedAt?.toISOString() ?? null,
    }));
  },
  async erase(tx, person, ctx) {
    const pattern = scrubPattern([person.email, ...person.names], ERASED_NAME);
    const rows = await tx
      .update(giftVouchers)
      .set({
        buyerName: ERASED_NAME,
        buyerEmail: erasedEmail(ctx.erasureId),
        // A message from the buyer may sign with their name.
        ...(pattern ? { message: scrubText(giftVouchers.message, pattern) } : {}),
      })
      .where(boughtBy(person.email))
      .returning({ id: giftVouchers.id });
    return { counts: { vouchers: rows.length } };
  },
};
