import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { bookingPayments } from '../tables/ledger';
import { staffMember } from '../../identity/records';
import { jsonColumn, jsonTimestamp } from '../../../platform/db/json-columns';
import { CURRENCIES } from '../../../../shared/plans';
import { PAYMENT_KINDS, REFUND_PURPOSES } from '../../../../shared/payments';
import type { LedgerRow } from './ledger-reads';

/** Staff members as the identity domain lets others read them (decision 0545): a subquery, written whole as a FROM item. */
const recorder = staffMember('payment_recorder');

/**
 * A booking's ledger as a json subselect of the statement that loads the booking record (booking-record-parts.ts), so
 * the record stays one round trip: each entry in a fixed column order with the name of who recorded it, oldest first.
 * `bookingId` is the outer statement's booking id column.
 */
export function ledgerPartOf(bookingId: SQLWrapper): SQL {
  const row = sql`json_build_array(${bookingPayments.id}, ${bookingPayments.bookingId}, ${bookingPayments.paymentType}, ${bookingPayments.paymentAmount}, ${bookingPayments.recordedBy}, ${bookingPayments.createdAt}, ${bookingPayments.currency}, ${bookingPayments.kind}, ${bookingPayments.correctsPaymentId}, ${bookingPayments.reason}, ${recorder.name}, ${bookingPayments.provider}, ${bookingPayments.providerReference}, ${bookingPayments.purpose})`;
  const from = sql`from ${bookingPayments} left join ${recorder} on ${eq(recorder.id, bookingPayments.recordedBy)} where ${bookingPayments.bookingId} = ${bookingId}`;
  return sql`coalesce((select json_agg(${row} order by ${asc(bookingPayments.createdAt)}, ${asc(bookingPayments.id)}) ${from}), '[]'::json)`;
}

const entry = z
  .tuple([
    z.number(),
    z.number(),
    z.string(),
    z.number(),
    z.number().nullable(),
    jsonTimestamp,
    z.enum(CURRENCIES),
    z.enum(PAYMENT_KINDS),
    z.number().nullable(),
    z.string().nullable(),
    z.string().nullable(),
    z.string().nullable(),
    z.string().nullable(),
    z.enum(REFUND_PURPOSES).nullable(),
  ])
  .transform(
    ([
      id,
      bookingId,
      paymentType,
      paymentAmount,
      recordedBy,
      createdAt,
      currency,
      kind,
      correctsPaymentId,
      reason,
      recorderName,
      provider,
      providerReference,
      purpose,
    ]): { row: LedgerRow; recorderName: string | null } => ({
      row: {
        id,
        bookingId,
        paymentType,
        paymentAmount,
        recordedBy,
        createdAt,
        currency,
        kind,
        correctsPaymentId,
        reason,
        provider,
        providerReference,
        purpose,
      },
      recorderName,
    }),
  );

/** Decodes `ledgerPartOf` as the database returned it (as Drizzle decodes the columns in a plain select). */
export const ledgerPart = jsonColumn(z.array(entry));
