import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { Input } from './ui/input';

export const DISCOUNT_BOX_LABEL = 'Promo code or gift voucher';
const APPLY_FAILED = 'Could not check this code. Please try again.';

/** The server's words for a refused code (errors.discount_code), else its message, else ours. */
export function discountErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.errors.discount_code?.[0] ?? (error.status < 500 && error.message ? error.message : APPLY_FAILED);
  return APPLY_FAILED;
}

/**
 * The one box for a promo code or a gift voucher code (issue 32, decision 0400), in the wizard's summary and on the
 * booker page before paying. `onApply` asks the server (which prices the discount); a refusal shows its message.
 */
export function DiscountCodeBox({
  applied,
  onApply,
  onRemove,
}: {
  applied: string | null;
  onApply: (code: string) => Promise<void>;
  onRemove: () => Promise<void> | void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(text.trim());
      setText('');
    } catch (failure) {
      setError(discountErrorText(failure));
    } finally {
      setBusy(false);
    }
  }

  if (applied)
    return (
      <div className="mt-4 flex items-center gap-3 text-sm" data-testid="discount-applied">
        <span>
          Code <strong>{applied}</strong> applied.
        </span>
        <Button variant="link" onClick={() => void onRemove()}>
          Remove code
        </Button>
      </div>
    );
  return (
    <form className="mt-4 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} aria-label={DISCOUNT_BOX_LABEL}>
      <Field label={DISCOUNT_BOX_LABEL} error={error} className="min-w-[14rem] flex-1">
        <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={64} />
      </Field>
      <Button type="submit" variant="secondary" disabled={busy || !text.trim()}>
        Apply
      </Button>
    </form>
  );
}
