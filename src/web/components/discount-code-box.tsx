import { useState, type FormEvent } from 'react';
import { formatPence } from '../../shared/money';
import { formatVoucherCode } from '../../shared/commerce/gift-vouchers';
import { ApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { Input } from './ui/input';
import { useLocale, useT } from '../lib/i18n';

const APPLY_FAILED = 'Could not check this code. Please try again.';

/**
 * The server's words for a refused code (errors.discount_code, or errors.code of the voucher call; in the caller's
 * language), else its message, else ours (`failed`, in the reader's language where the caller has it).
 */
export function discountErrorText(error: unknown, failed = APPLY_FAILED): string {
  if (error instanceof ApiError)
    return error.errors.discount_code?.[0] ?? error.errors.code?.[0] ?? (error.status < 500 && error.message ? error.message : failed);
  return failed;
}

/**
 * A gift voucher in the box (decision 0406): a payment, not a discount, so the box says what it pays of the total and
 * what is left to pay (minor units of `currency`). `paid`: it has paid already (the booker page), not just would.
 */
export type AppliedVoucher = { code: string; pays: number; leftToPay: number; currency: string; paid: boolean };

/** "Gift voucher ABCD-EFGH-JKMN applied: it pays £80.00. Left to pay: £40.00." */
export function VoucherApplied({ voucher }: { voucher: AppliedVoucher }) {
  const t = useT('booker');
  const { moneyLocale } = useLocale();
  const money = (pence: number) => formatPence(pence, voucher.currency, moneyLocale);
  return (
    <span data-testid="voucher-applied">
      {t('voucherWord')} <strong className="font-mono">{formatVoucherCode(voucher.code)}</strong> {voucher.paid ? t('voucherPaid') : t('voucherPays')}{' '}
      <strong data-testid="voucher-pays">{money(voucher.pays)}</strong>
      {t('voucherLeftToPay')} <strong data-testid="voucher-left-to-pay">{money(voucher.leftToPay)}</strong>.
    </span>
  );
}

/**
 * The one box for a promo code or a gift voucher code (issue 32, decisions 0400, 0406), in the wizard's summary and on
 * the booker page before paying. `onApply` asks the server (which prices the discount, or says what the voucher pays); a
 * refusal shows its message. `applied` is the promo code in use; `voucher` a voucher in use, shown with what it pays.
 */
export function DiscountCodeBox({
  applied,
  voucher = null,
  onApply,
  onRemove,
  more = false,
}: {
  applied: string | null;
  voucher?: AppliedVoucher | null;
  onApply: (code: string) => Promise<void>;
  /** Left out where the code cannot be taken back (a voucher that has paid). */
  onRemove?: (() => Promise<void> | void) | undefined;
  /** The box stays open for another code once one is applied (the booker page: a voucher on top of a promo code). */
  more?: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT('booker');
  const label = t('codeBoxLabel');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(text.trim());
      setText('');
    } catch (failure) {
      setError(discountErrorText(failure, t('codeCheckFailed')));
    } finally {
      setBusy(false);
    }
  }

  const line =
    voucher || applied ? (
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm" data-testid="discount-applied">
        {voucher ? (
          <VoucherApplied voucher={voucher} />
        ) : (
          <span>
            {t('codeWord')} <strong>{applied}</strong> {t('codeApplied')}
          </span>
        )}
        {onRemove ? (
          <Button variant="link" onClick={() => void onRemove()}>
            {t('removeCode')}
          </Button>
        ) : null}
      </div>
    ) : null;
  if (line && !more) return line;
  return (
    <>
      {line}
      <form className="mt-4 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} aria-label={label}>
        <Field label={label} error={error} className="min-w-[14rem] flex-1">
          <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={64} />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy || !text.trim()}>
          {t('apply')}
        </Button>
      </form>
    </>
  );
}
