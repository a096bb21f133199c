import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { VoucherApplied, type AppliedVoucher } from '../../components/discount-code-box';

/**
 * A gift voucher paid on the booker page (decision 0406). Paying makes the booking a game, so the page moves on to
 * the management page; what the voucher paid and what is left to pay travel in the router's state, and the payment
 * section there says them once.
 */
const voucherState = z.object({
  voucher: z.object({ code: z.string(), pays: z.number(), leftToPay: z.number(), currency: z.string(), paid: z.boolean() }),
});

export const voucherNavigationState = (voucher: AppliedVoucher) => ({ voucher });

/** The voucher the booker has just paid with on the page before, if the router's state carries one. */
export function useVoucherJustPaid(): AppliedVoucher | null {
  const parsed = voucherState.safeParse(useLocation().state);
  return parsed.success ? parsed.data.voucher : null;
}

/** Said where the booker lands: the page opens at its top, the payment section is further down. */
export function VoucherPaidNotice({ voucher }: { voucher: AppliedVoucher }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.scrollIntoView({ block: 'center' }), []);
  return (
    <p ref={ref} className="mb-3 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900" role="status">
      <VoucherApplied voucher={voucher} />
    </p>
  );
}
