import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { PAYMENT_TYPES, recordPaymentBody } from '../../../shared/api/admin-booking-detail';
import { currencySymbol, formatPence, toMinorUnits } from '../../../shared/money';
import { typedAmount } from '../../../shared/typed-amount';
import { amountDueMinor, isVoided, netPaid, paymentRemaining } from '../../../shared/payments';
import { formatTimestamp } from '../../../shared/time';
import { useLocale } from '../../lib/i18n';
import { useToastFirstError } from '../../lib/form-errors';
import { installPaymentMethod } from '../../lib/payment-method';
import { CorrectionDialog, LedgerTotals, RecordPaymentDialog, usePaymentWords, type Correcting, type PaymentWords } from './payment-dialogs';
import { Badge, Button, Field, Input, Section, Select, Table } from '../../components/ui';
import { isClosed } from '../../../shared/lifecycle/booking-states';
import { ReopenBooking } from './reopen-booking';

/** What the record form asks before the confirmation: the shared type rule and an amount typed in currency units. */
const recordPaymentForm = z.object({ payment_type: recordPaymentBody.shape.payment_type, amount: typedAmount });
type Pending = { paymentType: string; amount: number };

type Entry = AdminBooking['booking_payments'][number];

function entryLabel(entry: Entry, words: PaymentWords): string {
  const { t, typeText, purposeText } = words;
  // Ids as they are (#1234), never grouped as a number.
  const id = String(entry.corrects_payment_id ?? '');
  if (entry.kind === 'void') return t('payments.voidOf', { id });
  const type = typeText(entry.payment_type);
  if (entry.kind === 'refund') {
    const refund = entry.provider ? t('payments.refundOfOnline', { id, type }) : t('payments.refundOf', { id, type });
    // A refund says what it was (0505): a lower price, a cancellation, or a corrected payment.
    return entry.purpose ? t('payments.withPurpose', { entry: refund, purpose: purposeText(entry.purpose) }) : refund;
  }
  return entry.provider ? t('payments.online', { type }) : type;
}

/**
 * The booking's payment ledger in its own currency: payments, and the voids and refunds that correct them
 * (never edited or deleted), with who recorded each and when. Recording asks for confirmation first.
 */
export function PaymentsSection({ booking }: { booking: AdminBooking }) {
  const words = usePaymentWords();
  const { t, typeText } = words;
  const { moneyLocale } = useLocale();
  const currency = booking.currency;
  const entries = booking.booking_payments;
  const form = useForm<z.input<typeof recordPaymentForm>, unknown, z.output<typeof recordPaymentForm>>({
    resolver: zodResolver(recordPaymentForm),
    // What bookers are offered here (card only with a card provider): the likeliest way a hand-recorded payment came in.
    defaultValues: { payment_type: installPaymentMethod(), amount: '' },
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const net = netPaid(entries);
  const due = amountDueMinor(toMinorUnits(booking.total_price), entries);
  // Staff forms say a refused value in a toast (spec section 9), in the reader's words.
  const toastFirstError = useToastFirstError();

  return (
    <Section title={t('payments.title')} id="payments">
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500">{t('payments.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <Table look="plain" className="mb-2">
            <thead>
              <tr className="text-slate-500">
                <th className="py-1 pr-2">#</th>
                <th className="pr-2">{t('payments.colDate')}</th>
                <th className="pr-2">{t('payments.colEntry')}</th>
                <th className="pr-2">{t('payments.colRecordedBy')}</th>
                <th className="pr-2 text-right">{t('payments.colAmount')}</th>
                <th>
                  <span className="sr-only">{t('payments.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const voided = e.kind === 'payment' && isVoided(entries, e.id);
                const left = e.kind === 'payment' ? paymentRemaining(entries, e.id) : 0;
                return (
                  <tr key={e.id} className="border-t border-slate-100 align-top" data-testid={`payment-${e.id}`}>
                    <td className="py-1 pr-2 text-slate-500">{e.id}</td>
                    <td className="pr-2">{formatTimestamp(e.created_at, booking.timezone)}</td>
                    <td className="pr-2">
                      {entryLabel(e, words)} {voided ? <Badge tone="red">{t('payments.voided')}</Badge> : null}
                      {e.reason ? <span className="block text-xs text-slate-600">{t('payments.reasonLine', { reason: e.reason })}</span> : null}
                    </td>
                    <td className="pr-2">{e.recorded_by_name ?? (e.provider ? t('payments.bookerOnline') : '—')}</td>
                    <td className={`pr-2 text-right ${e.payment_amount < 0 ? 'text-red-700' : ''}`}>
                      {formatPence(e.payment_amount, e.currency, moneyLocale)}
                    </td>
                    <td className="whitespace-nowrap text-right">
                      {e.kind === 'payment' && !voided && left > 0 ? (
                        <>
                          {/* A payment taken online moved money: it is refunded, never voided (0250). */}
                          {e.provider ? null : (
                            <>
                              <Button
                                variant="link"
                                className="text-sm"
                                aria-label={t('payments.voidLabel', { id: String(e.id) })}
                                onClick={() => setCorrecting({ kind: 'void', payment: e, left })}
                              >
                                {t('payments.void')}
                              </Button>{' '}
                            </>
                          )}
                          <Button
                            variant="link"
                            className="text-sm"
                            aria-label={t('payments.refundLabel', { id: String(e.id) })}
                            onClick={() => setCorrecting({ kind: 'refund', payment: e, left })}
                          >
                            {t('payments.refund')}
                          </Button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      <LedgerTotals
        className="mt-2"
        totalPrice={booking.total_price}
        currency={currency}
        paid={{ label: t('payments.paidNet'), pence: net, testId: 'payments-total' }}
        due={due}
        dueTestId="payments-due"
      />
      {isClosed(booking) ? (
        <ReopenBooking booking={booking} />
      ) : (
        <form
          onSubmit={(e) => void form.handleSubmit(({ payment_type, amount }) => setPending({ paymentType: payment_type, amount }), toastFirstError)(e)}
          className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4"
          aria-label={t('payments.recordLabel')}
          noValidate
        >
          <Field label={t('payments.type')} id="detail-payment-type">
            <Select {...form.register('payment_type')}>
              {PAYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeText(type)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('payments.amount', { symbol: currencySymbol(currency) })} id="detail-payment-amount">
            <Input inputMode="decimal" placeholder="0.00" {...form.register('amount')} />
          </Field>
          <Button type="submit" variant="primary">
            {t('payments.record')}
          </Button>
        </form>
      )}
      {pending !== null ? (
        <RecordPaymentDialog
          booking={booking}
          paymentType={pending.paymentType}
          amount={pending.amount}
          due={due}
          net={net}
          onClose={(recorded) => {
            setPending(null);
            if (recorded) form.resetField('amount');
          }}
        />
      ) : null}
      {correcting ? <CorrectionDialog booking={booking} correcting={correcting} net={net} onClose={() => setCorrecting(null)} /> : null}
    </Section>
  );
}
