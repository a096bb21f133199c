import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminBookingDetailEndpoints } from '../../../shared/api/endpoints/admin-booking-detail';
import { adminProposalsEndpoints as ep } from '../../../shared/api/endpoints/proposals';
import { PROPOSAL_MAX_LINES, PROPOSAL_MESSAGES, PROPOSAL_PLAYERS_MAX, PROPOSAL_PLAYERS_MIN, type Proposal } from '../../../shared/api/proposals';
import { isCurrency, PLAN_TYPES, PLANS } from '../../../shared/plans';
import { computeQuotePrice } from '../../../shared/proposals';
import { formatMinor, toMinorUnits, unitsToMinor } from '../../../shared/money';
import { api } from '../../lib/api-client';
import { useToastFirstError } from '../../lib/form-errors';
import { useLocale, useMessageText, useT } from '../../lib/i18n';
import { useAction } from '../../lib/use-action';
import { Button, Dialog, Field, FieldError, Input, Select } from '../../components/ui';
import { pricingQuery } from '../../lib/pricing-data';
import { proposalsKeys } from './proposals-keys';
import { bookingFactsChanged } from '../../lib/booking-facts-data';

/** A signed amount typed in currency units: '-50', '80.5'; a discount is negative. */
const signedAmount = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const clean = text.replace(/[£$€,\s]/g, '');
    if (!/^-?\d+(\.\d{1,2})?$/.test(clean) || Number(clean) === 0) {
      ctx.addIssue({ code: 'custom', message: PROPOSAL_MESSAGES.lineAmount });
      return z.NEVER;
    }
    return Number(clean);
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((t) => /^\d+$/.test(t) && Number(t) >= min && Number(t) <= max, message)
    .transform(Number);

const proposalForm = z.object({
  booking_id: wholeNumber('Please enter the booking number', 1, 2_147_483_647),
  plan_type: z.enum(PLAN_TYPES),
  players: wholeNumber(`Please enter between ${PROPOSAL_PLAYERS_MIN} and ${PROPOSAL_PLAYERS_MAX} players`, PROPOSAL_PLAYERS_MIN, PROPOSAL_PLAYERS_MAX),
  hosted: z.boolean(),
  lines: z.array(z.object({ label: z.string().trim().min(1, PROPOSAL_MESSAGES.lineLabel).max(120), amount: signedAmount })).max(PROPOSAL_MAX_LINES),
  valid_until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PROPOSAL_MESSAGES.validUntilInvalid),
});
type FormInput = z.input<typeof proposalForm>;
type FormOutput = z.output<typeof proposalForm>;

function defaultsOf(p: Proposal | null, bookingId: string, validUntil: string): FormInput {
  if (!p) return { booking_id: bookingId, plan_type: 'standard', players: '8', hosted: false, lines: [], valid_until: validUntil };
  return {
    booking_id: String(p.booking_id),
    plan_type: PLAN_TYPES.find((t) => t === p.plan_type) ?? 'standard',
    players: String(p.players),
    hosted: p.add_ons.includes('hosted'),
    lines: p.lines.map((l) => ({ label: l.label, amount: String(l.amount) })),
    valid_until: p.valid_until,
  };
}

/** What the form shows as typed: the booking's currency and the one quote rule over the price list (the server prices it again). */
function useLiveTotal(bookingId: string, values: { plan_type: string; players: string; hosted: boolean; lines: { amount: string }[] }) {
  const id = /^\d+$/.test(bookingId.trim()) ? Number(bookingId) : null;
  const booking = useQuery({
    queryKey: proposalsKeys.booking(id),
    queryFn: () => api(adminBookingDetailEndpoints.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });
  const currency = booking.data && isCurrency(booking.data.booking.currency) ? booking.data.booking.currency : null;
  const pricing = useQuery({ ...pricingQuery(currency ?? 'GBP'), enabled: currency !== null });
  const plan = pricing.data?.plans.find((p) => p.type === values.plan_type);
  const hosted = pricing.data?.addons.find((a) => a.type === 'hosted');
  const players = Number(values.players);
  // Typed amounts cross to minor units exactly (money.ts); one with more than two decimals is left out until fixed.
  const lines = values.lines
    .map((l) => unitsToMinor(Number(l.amount.replace(/[£$€,\s]/g, ''))))
    .filter((n) => n !== null)
    .map((amountMinor) => ({ label: '', amountMinor }));
  const total =
    currency && plan && Number.isInteger(players) && players > 0
      ? computeQuotePrice({
          players,
          pricePerPersonMinor: toMinorUnits(plan.price),
          addOnPricesMinor: values.hosted && hosted ? [toMinorUnits(hosted.price)] : [],
          lines,
        })
      : null;
  return { booking: booking.data?.booking ?? null, bookingMissing: booking.isError, currency, total };
}

type Props = { proposal: Proposal | null; bookingId: string; validUntil: string; onClose: () => void; onSaved: (p: Proposal) => void };

/** Create or edit a draft quote: plan, players, the host add-on, custom lines (a discount is negative), valid until. */
export function ProposalFormDialog({ proposal, bookingId, validUntil, onClose, onSaved }: Props) {
  const t = useT('money');
  // The form's own rules write English (the server's refusals come in the reader's language): said in theirs.
  const ruleText = useMessageText();
  const said = (text: string | undefined) => (text ? ruleText(text) : undefined);
  const { moneyLocale } = useLocale();
  const toastFirstError = useToastFirstError();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(proposalForm), defaultValues: defaultsOf(proposal, bookingId, validUntil) });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const watched = useWatch({ control: form.control });
  const live = useLiveTotal(watched.booking_id ?? '', {
    plan_type: watched.plan_type ?? 'standard',
    players: watched.players ?? '',
    hosted: watched.hosted ?? false,
    lines: (watched.lines ?? []).map((l) => ({ amount: l.amount ?? '' })),
  });
  const errors = form.formState.errors;

  // The server's reason is toasted and said above the buttons too.
  const save = useAction({
    call: (values: FormOutput) => {
      const body = {
        plan_type: values.plan_type,
        players: values.players,
        add_ons: values.hosted ? (['hosted'] as const).slice() : [],
        lines: values.lines,
        valid_until: values.valid_until,
      };
      return proposal ? api(ep.update, { params: { id: proposal.id }, body }) : api(ep.create, { body: { ...body, booking_id: values.booking_id } });
    },
    success: proposal ? t('proposalForm.saved') : t('proposalForm.created'),
    failure: t('proposalForm.saveFailed'),
    failureToast: 'server',
    invalidates: [proposalsKeys.all, ...bookingFactsChanged],
    onSuccess: (answer) => onSaved(answer.proposal),
  });

  const { total, currency } = live;
  const money = (minor: number) => (currency ? formatMinor(minor, currency, moneyLocale) : '');
  // "£15 per person, add-ons £100, lines -£50": the parts the total has.
  const breakdown = total
    ? [
        t('proposalForm.perPerson', { price: money(total.pricePerPersonMinor) }),
        total.addOnsTotalMinor ? t('proposalForm.addOns', { amount: money(total.addOnsTotalMinor) }) : '',
        total.linesTotalMinor ? t('proposalForm.lines', { amount: money(total.linesTotalMinor) }) : '',
      ]
        .filter((part) => part !== '')
        .join(', ')
    : '';

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={proposal ? t('proposalForm.editTitle', { id: String(proposal.id) }) : t('proposals.new')}
      size="lg"
    >
      <form onSubmit={(e) => void form.handleSubmit(save.run, toastFirstError)(e)} noValidate aria-label={t('proposalForm.label')} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('proposalForm.bookingNumber')}
            error={said(errors.booking_id?.message) ?? (live.bookingMissing ? ruleText(PROPOSAL_MESSAGES.bookingNotFound) : null)}
            hint={live.booking ? `${live.booking.full_name ?? live.booking.email} · ${live.booking.currency}` : undefined}
          >
            <Input inputMode="numeric" readOnly={proposal !== null} {...form.register('booking_id')} />
          </Field>
          <Field label={t('proposals.validUntil')} error={said(errors.valid_until?.message)}>
            <Input type="date" {...form.register('valid_until')} />
          </Field>
          <Field label={t('proposalForm.plan')} error={said(errors.plan_type?.message)}>
            <Select {...form.register('plan_type')}>
              {PLANS.map((p) => (
                <option key={p.type} value={p.type}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('proposalForm.players')} error={said(errors.players?.message)}>
            <Input inputMode="numeric" {...form.register('players')} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('hosted')} /> {t('proposalForm.hosted')}
        </label>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t('proposalForm.customLines')}</legend>
          {lines.fields.map((field, i) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <Field label={t('proposalForm.lineLabel', { n: i + 1 })} error={said(errors.lines?.[i]?.label?.message)}>
                <Input {...form.register(`lines.${i}.label`)} />
              </Field>
              <Field label={t('proposalForm.lineAmount', { n: i + 1 })} error={said(errors.lines?.[i]?.amount?.message)}>
                <Input inputMode="decimal" placeholder="-50.00" {...form.register(`lines.${i}.amount`)} />
              </Field>
              <Button onClick={() => lines.remove(i)} aria-label={t('proposalForm.removeLine', { n: i + 1 })}>
                {t('proposalForm.remove')}
              </Button>
            </div>
          ))}
          {lines.fields.length < PROPOSAL_MAX_LINES ? (
            <Button onClick={() => lines.append({ label: '', amount: '' })}>{t('proposalForm.addLine')}</Button>
          ) : null}
        </fieldset>
        <p className="text-sm" data-testid="proposal-live-total">
          {total && currency ? (
            <>
              {t('proposalForm.total')} <strong>{money(total.totalPriceMinor)}</strong> ({breakdown})
            </>
          ) : (
            t('proposalForm.noTotal')
          )}
        </p>
        <FieldError message={save.error} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('proposalForm.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
            {proposal ? t('proposalForm.saveDraft') : t('proposalForm.createDraft')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
