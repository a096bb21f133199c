import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/client';
import { giftVoucherLedger, giftVouchers } from '../tables/gift-vouchers';

const lapsedRows = z.object({ rows: z.array(z.object({ voucher_id: z.coerce.number() })) });

/**
 * The scheduler's job (decision 0401): every voucher past its last instant with a balance left loses it, once: one
 * statement locks those rows (SKIP LOCKED: a redemption or refund holding one is left to the next run), zeroes each
 * balance and writes its 'expired' entry for exactly what was left. Redeeming after expires_at is refused before this
 * runs (voucherRefusal), so the job only makes the ledger say so. `now` is the run's clock. Answers how many lapsed.
 */
export async function expireDueVouchers(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select ${giftVouchers.id} as id, ${giftVouchers.balance} as balance from ${giftVouchers}
      where ${giftVouchers.expiresAt} < ${at}::timestamptz and ${giftVouchers.balance} > 0
      for update skip locked
    ), lapsed as (
      update ${giftVouchers} set balance = 0, expired_at = coalesce(${giftVouchers.expiredAt}, ${at}::timestamptz)
      from due where ${giftVouchers.id} = due.id
      returning due.id as id, due.balance as balance
    )
    insert into ${giftVoucherLedger} (voucher_id, kind, amount, at)
    select id, 'expired', -balance, ${at}::timestamptz from lapsed
    returning voucher_id`);
  return lapsedRows.parse(result).rows.length;
}
