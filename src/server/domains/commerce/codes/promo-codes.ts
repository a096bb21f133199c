import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { isUniqueViolation } from '../../../platform/db/db-errors';
import { ValidationError } from '../../../platform/errors';
import { promoCodes, promoCodeUses } from '../tables/promo-codes';
import { voucherBy } from '../vouchers/voucher-repository';
import { DISCOUNT_MESSAGES, discountOf, promoRefusal, type DiscountFacts } from '../../../../shared/commerce/discount-code';
import type { Discount } from '../../../../shared/prices';
import type { CreatePromoCodeBody, PromoCode } from '../../../../shared/api/promo-codes';
import { DEFAULT_CURRENCY } from '../../../../shared/plans';

type PromoRow = typeof promoCodes.$inferSelect;

export function toPromoCode(row: PromoRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    currency: row.currency,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    plans: row.plans,
    min_players: row.minPlayers,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPromoCodes(db: DbOrTx): Promise<PromoCode[]> {
  return (await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))).map(toPromoCode);
}

export async function createPromoCode(db: DbOrTx, actor: { id: number }, body: CreatePromoCodeBody): Promise<PromoCode> {
  const amount = body.amount_off ?? null;
  // Promo codes and gift voucher codes are one box's codes: one string is never both (issue 35, decision 0505).
  if (await voucherBy(db, { code: body.code })) throw ValidationError.field('code', DISCOUNT_MESSAGES.codeTaken);
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: body.code,
        percentOff: amount === null ? (body.percent_off ?? null) : null,
        amountOff: amount,
        currency: amount === null ? null : (body.currency ?? DEFAULT_CURRENCY),
        validFrom: body.valid_from ? new Date(body.valid_from) : null,
        validUntil: body.valid_until ? new Date(body.valid_until) : null,
        maxUses: body.max_uses ?? null,
        plans: body.plans ?? null,
        minPlayers: body.min_players ?? null,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('promo code not stored');
    return toPromoCode(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('code', DISCOUNT_MESSAGES.codeTaken);
    throw error;
  }
}

export async function findPromoCode(db: DbOrTx, code: string): Promise<PromoRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row ?? null;
}

/** Refuses a code that does not apply to these facts, on the box's field. */
export function assertPromoApplies(row: PromoRow, facts: DiscountFacts): Discount {
  const refusal = promoRefusal(row, facts);
  const discount = discountOf(row);
  if (refusal) throw ValidationError.field('discount_code', refusal);
  if (!discount) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.unknown);
  return discount;
}

/**
 * Takes one use of the code for a booking, in the booking's transaction. The conditional UPDATE is the count: on
 * PostgreSQL racing bookings queue on the row's lock and each re-reads `uses` once the one before commits, so the last
 * use goes to exactly one of them and the others get "used up" (decision 0400).
 */
export async function takePromoUse(tx: Tx, row: PromoRow, bookingId: number): Promise<void> {
  const [taken] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, row.id), or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses))))
    .returning({ id: promoCodes.id });
  if (!taken) throw ValidationError.field('discount_code', DISCOUNT_MESSAGES.usedUp);
  await tx.insert(promoCodeUses).values({ promoCodeId: row.id, bookingId });
}

/** Gives a booking's use back (its code was changed or removed before paying); nothing when it took none. */
export async function releasePromoUse(tx: Tx, bookingId: number): Promise<void> {
  const [use] = await tx.delete(promoCodeUses).where(eq(promoCodeUses.bookingId, bookingId)).returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (use)
    await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} - 1` })
      .where(eq(promoCodes.id, use.promoCodeId));
}
