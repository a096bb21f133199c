import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { bookings, contactHistory, pricingHistory, teams } from './tables/bookings';
import { ledgerPart, ledgerPartOf } from '../commerce/records';
import { staffMember } from '../identity/records';
import { jsonColumn, jsonTimestamp } from '../../platform/db/json-columns';
import { PLAN_TYPES } from '../../../shared/plans';
import { CONTACT_TYPES } from '../../../shared/api/booking';

/**
 * The one-to-many parts of a booking record, as json subselects of the query that loads the booking, so a
 * record is one round trip and one statement instead of seven. Rows travel as json arrays in a fixed column
 * order and are decoded as Drizzle decodes these columns in a plain select (timestamptz text to Date, money as
 * integers of minor units, jsonb as stored), so the record is the same whichever way it was loaded.
 */

type TeamRow = typeof teams.$inferSelect;
type ContactRow = typeof contactHistory.$inferSelect;
type PricingRow = typeof pricingHistory.$inferSelect;

/** `json_agg` of `row`, ordered, or `[]` when there is none (json_agg of no rows is null). */
const jsonAgg = (row: SQL, from: SQL, orderBy: SQL) => sql`coalesce((select json_agg(${row} order by ${orderBy}) ${from}), '[]'::json)`;

/** Staff members as the identity domain lets others read them (decision 0545): a subquery, written whole as a FROM item. */
const author = staffMember('contact_author');

/** Select fields; each refers to the outer `bookings` row. */
export const bookingPartsFields = {
  teams: jsonAgg(
    sql`json_build_array(${teams.id}, ${teams.bookingId}, ${teams.name}, ${teams.players}, ${teams.createdAt})`,
    sql`from ${teams} where ${eq(teams.bookingId, bookings.id)}`,
    sql`${asc(teams.id)}`,
  ),
  // The ledger is the commerce domain's (decision 0545): it hands its part of the statement over.
  payments: ledgerPartOf(bookings.id),
  contacts: jsonAgg(
    sql`json_build_array(${contactHistory.id}, ${contactHistory.bookingId}, ${contactHistory.type}, ${contactHistory.note}, ${contactHistory.authorId}, ${contactHistory.createdAt}, ${author.name})`,
    sql`from ${contactHistory} left join ${author} on ${eq(author.id, contactHistory.authorId)} where ${eq(contactHistory.bookingId, bookings.id)}`,
    sql`${desc(contactHistory.createdAt)}, ${desc(contactHistory.id)}`,
  ),
  pricing: jsonAgg(
    sql`json_build_array(${pricingHistory.id}, ${pricingHistory.bookingId}, ${pricingHistory.planType}, ${pricingHistory.pricePerPersonMinor}, ${pricingHistory.addOns}, ${pricingHistory.players}, ${pricingHistory.discountCode}, ${pricingHistory.discountTotalMinor}, ${pricingHistory.totalPriceMinor}, ${pricingHistory.createdAt})`,
    sql`from ${pricingHistory} where ${eq(pricingHistory.bookingId, bookings.id)}`,
    sql`${asc(pricingHistory.createdAt)}, ${asc(pricingHistory.id)}`,
  ),
};

const jsonArrayOf = <T extends z.ZodType>(item: T) => jsonColumn(z.array(item));
const timestamp = jsonTimestamp;
const storedAddOns = z.array(z.union([z.string(), z.looseObject({ type: z.string() })]));

const teamRow = z
  .tuple([z.number(), z.number(), z.string(), z.string(), timestamp])
  .transform(([id, bookingId, name, players, createdAt]): TeamRow => ({ id, bookingId, name, players, createdAt }));

const contactRow = z
  .tuple([z.number(), z.number(), z.enum(CONTACT_TYPES), z.string(), z.number().nullable(), timestamp, z.string().nullable()])
  .transform(([id, bookingId, type, note, authorId, createdAt, authorName]): { row: ContactRow; authorName: string | null } => ({
    row: { id, bookingId, type, note, authorId, createdAt },
    authorName,
  }));

const pricingRow = z
  .tuple([
    z.number(),
    z.number(),
    z.enum(PLAN_TYPES),
    z.number().int(),
    storedAddOns,
    z.number(),
    z.string().nullable(),
    z.number().int(),
    z.number().int(),
    timestamp,
  ])
  .transform(([id, bookingId, planType, pricePerPersonMinor, addOns, players, discountCode, discountTotalMinor, totalPriceMinor, createdAt]): PricingRow => ({
    id,
    bookingId,
    planType,
    pricePerPersonMinor,
    addOns,
    players,
    discountCode,
    discountTotalMinor,
    totalPriceMinor,
    createdAt,
  }));

/** Decodes the json fields of `bookingPartsFields`, as the database returned them. */
export const bookingParts = z.object({
  teams: jsonArrayOf(teamRow),
  payments: ledgerPart,
  contacts: jsonArrayOf(contactRow),
  pricing: jsonArrayOf(pricingRow),
});
