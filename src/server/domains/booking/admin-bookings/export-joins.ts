import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { bookingGame } from '../../game/records';
import { staffMember } from '../../identity/records';
import { contactHistory } from '../tables/bookings';
import { ledgerNetPerBooking } from '../../commerce/records';

/**
 * What the COPY export joins to each booking, as Drizzle sources, so every table it reads is named by an import the
 * ownership lint sees: the game through the game domain's `bookingGame` projection (domains/game/records.ts), the
 * host, the ledger's net total and the last contact. export-copy-sql.ts joins them; the cells' SQL in
 * export-columns.ts names their columns through `EXPORT_JOINED`.
 */

const qb = new QueryBuilder();
const PAID = 'export_paid';
const LAST_CONTACT = 'export_last_contact';

export const exportHost = staffMember('export_host');

/** The ledger's net per booking, the commerce domain's (decision 0545). */
export const exportPaid = ledgerNetPerBooking(PAID);

export const exportLastContact = qb
  .select({ bookingId: contactHistory.bookingId, lastAt: sql`max(${contactHistory.createdAt})`.as('last_at') })
  .from(contactHistory)
  .groupBy(contactHistory.bookingId)
  .as(LAST_CONTACT);

const dialect = new PgDialect();
/** A joined column as SQL text (a qualified, quoted name: no parameters). */
const columnText = (column: SQLWrapper) => dialect.sqlToQuery(sql`${column}`).sql;
/** A computed column of a subquery: Drizzle names it without its subquery, so qualify it here. */
const subqueryColumnText = (subquery: string, column: string) => `${dialect.escapeName(subquery)}.${dialect.escapeName(column)}`;

/** The joined columns the cells' SQL names. */
export const EXPORT_JOINED = {
  gameCode: columnText(bookingGame.code),
  gameActivated: columnText(bookingGame.activated),
  hostName: columnText(exportHost.name),
  hostEmail: columnText(exportHost.email),
  paidPence: subqueryColumnText(PAID, exportPaid.total.fieldAlias),
  lastContactAt: subqueryColumnText(LAST_CONTACT, exportLastContact.lastAt.fieldAlias),
} as const;
