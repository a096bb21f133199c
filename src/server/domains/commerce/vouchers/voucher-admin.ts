import type { Db, DbOrTx } from '../../../platform/db/client';
import { newManageKey } from '../../../platform/codes';
import { NotFoundError } from '../../../platform/errors';
import { findBookingFacts } from '../../booking';
import { recordActivity } from '../../identity';
import { GIFT_VOUCHER_MESSAGES, voucherStatus } from '../../../../shared/commerce/gift-vouchers';
import type { AdminGiftVoucher, AdminGiftVoucherDetail, CreateAdminGiftVoucherBody, PublicGiftVoucher } from '../../../../shared/api/gift-vouchers';
import { insertVoucher, ledgerOfVoucher, listVouchers, voucherBy, type VoucherRow } from './voucher-repository';
import { issueVoucher, type VoucherMailer } from './voucher-issue';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPublicVoucher(v: VoucherRow, now: Date): PublicGiftVoucher {
  return {
    code: v.code,
    amount: v.amount,
    balance: v.balance,
    currency: v.currency,
    recipient_name: v.recipientName,
    message: v.message,
    expires_at: iso(v.expiresAt),
    status: voucherStatus(v, now),
  };
}

export function toAdminVoucher(v: VoucherRow, now: Date): AdminGiftVoucher {
  return {
    id: v.id,
    code: v.code,
    amount: v.amount,
    balance: v.balance,
    currency: v.currency,
    status: voucherStatus(v, now),
    recipient_name: v.recipientName,
    buyer_email: v.buyerEmail,
    issued_at: iso(v.issuedAt),
    expires_at: iso(v.expiresAt),
  };
}

export async function listAdminVouchers(db: DbOrTx, now: Date): Promise<AdminGiftVoucher[]> {
  return (await listVouchers(db)).map((v) => toAdminVoucher(v, now));
}

/** One voucher with its ledger; each entry names its booking by the booking's reference (temporary code). */
export async function adminVoucherDetail(db: DbOrTx, id: number, now: Date): Promise<AdminGiftVoucherDetail> {
  const voucher = await voucherBy(db, { id });
  if (!voucher) throw new NotFoundError(GIFT_VOUCHER_MESSAGES.notFound);
  const ledger = await ledgerOfVoucher(db, id);
  const codes = new Map<number, string>();
  for (const bookingId of new Set(ledger.flatMap((e) => (e.bookingId === null ? [] : [e.bookingId])))) {
    const booking = await findBookingFacts(db, { id: bookingId });
    if (booking) codes.set(bookingId, booking.tempCode);
  }
  return {
    ...toAdminVoucher(voucher, now),
    message: voucher.message,
    buyer_name: voucher.buyerName,
    source: voucher.source,
    ledger: ledger.map((e) => ({
      kind: e.kind,
      amount: e.amount,
      booking_id: e.bookingId,
      booking_code: e.bookingId === null ? null : (codes.get(e.bookingId) ?? null),
      at: e.at.toISOString(),
    })),
  };
}

/** Staff issue a voucher now (active, with its code), mailed to `email` when given; logged in the activity log. */
export async function createStaffVoucher(
  db: Db,
  input: { actorId: number; body: CreateAdminGiftVoucherBody; mailer: VoucherMailer; now: Date },
): Promise<AdminGiftVoucherDetail> {
  const id = await db.transaction(async (tx) => {
    const { body } = input;
    const pending = await insertVoucher(tx, {
      token: newManageKey(),
      amount: body.amount,
      balance: body.amount,
      currency: body.currency,
      recipientName: body.recipient_name,
      message: body.message,
      buyerEmail: body.email ?? null,
      source: 'staff',
      createdBy: input.actorId,
    });
    const issued = await issueVoucher(tx, { voucherId: pending.id, now: input.now, mailTo: body.email ?? null, mailer: input.mailer });
    if (!issued) throw new Error('staff voucher not issued');
    await recordActivity(tx, {
      actorId: input.actorId,
      action: 'gift_voucher.issue',
      entityType: 'gift_voucher',
      entityId: issued.id,
      after: { amount: issued.amount, currency: issued.currency, recipient_name: issued.recipientName, email: issued.buyerEmail },
    });
    return issued.id;
  });
  return adminVoucherDetail(db, id, input.now);
}
