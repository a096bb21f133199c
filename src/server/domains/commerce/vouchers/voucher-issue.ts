import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { giftVouchers } from '../tables/gift-vouchers';
import { VOUCHER_CODE_LENGTH, VOUCHER_ZONE, voucherCodeFrom, voucherExpiresAt } from '../../../../shared/commerce/gift-vouchers';
import { addLedgerEntry, loadValidityMonths, voucherBy, type VoucherRow } from './voucher-repository';
import { voucherMail } from './voucher-mail';
import { findPromoCode } from '../codes/promo-codes';

export type VoucherMailer = { mail: Pick<Mailer, 'queue'>; baseUrl: string };

/**
 * A fresh code no voucher and no promo code has (60 bits: a clash is a lottery win, but a unique index would turn it into
 * a 500, and a promo code of the same string would make the box's code mean two things; 0505).
 */
async function freeCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = voucherCodeFrom(randomBytes(VOUCHER_CODE_LENGTH));
    if (!(await voucherBy(db, { code })) && !(await findPromoCode(db, code))) return code;
  }
  throw new Error('no free gift voucher code after 5 tries');
}

/**
 * Issues a voucher, exactly once (decision 0401): the UPDATE only matches a voucher not issued yet, so a webhook and the
 * return page settling the same payment, or a replayed event, issue it once; only the one that issued it writes the
 * 'issued' entry and queues the mail (to `mailTo`, in the same transaction). Answers the issued voucher, or null when it
 * had been issued before.
 */
export async function issueVoucher(
  tx: DbOrTx,
  input: { voucherId: number; now: Date; mailTo: string | null; mailer: VoucherMailer | null },
): Promise<VoucherRow | null> {
  const months = await loadValidityMonths(tx);
  const expiresAt = voucherExpiresAt(input.now, months, VOUCHER_ZONE);
  const [row] = await tx
    .update(giftVouchers)
    .set({ code: await freeCode(tx), issuedAt: input.now, expiresAt })
    .where(and(eq(giftVouchers.id, input.voucherId), isNull(giftVouchers.issuedAt)))
    .returning();
  if (!row?.code || !row.expiresAt) return null;
  await addLedgerEntry(tx, { voucherId: row.id, kind: 'issued', amount: row.amount, at: input.now });
  if (input.mailTo && input.mailer)
    await input.mailer.mail.queue(tx, voucherMail({ ...row, code: row.code, expiresAt: row.expiresAt }, input.mailTo, input.mailer.baseUrl, VOUCHER_ZONE));
  return row;
}
