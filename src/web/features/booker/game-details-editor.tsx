import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import type { DiscountQuote } from '../../../shared/api/promo-codes';
import type { UpdateBookingInput } from '../../../shared/api/public-booking';
import { bookingPriceAnswer, computeBookingPrice } from '../../../shared/prices';
import { toMinorUnits } from '../../../shared/money';
import { isCurrency, isPlanType } from '../../../shared/plans';
import { discountQuoteEndpoint } from '../../../shared/api/endpoints/promo-codes';
import { api, errorMessage } from '../../lib/api-client';
import { dateTimeError, MESSAGES, playerCountError, stepPlayers } from '../../../shared/validation/booking-rules';
import { GameCalendar } from '../../components/booking-wizard/game-calendar';
import { MeetingTimeField } from '../../components/booking-wizard/meeting-time-field';
import { PlayersField } from '../../components/booking-wizard/players-field';
import { browserTimeZone, fromApiDate } from '../../components/booking-wizard/wizard-state';
import { useBookerText } from './use-booker-text';
import { useMessageText } from '../../lib/i18n';
import { Badge, Button, FieldError } from '../../components/ui';
import { pricingQuery } from '../../lib/pricing-data';

type Text = ReturnType<typeof useBookerText>;

/** The discount line over the new total: the booking's own, or the server's quote for the changed choices, or why none. */
function previewDiscount(text: Text, booking: BookerBooking, changed: boolean, quote: DiscountQuote | undefined, error: unknown): string | null {
  const { t, money } = text;
  const code = booking.discount_code;
  if (!code) return null;
  const line = (figures: { discount_total: number }) =>
    figures.discount_total > 0 ? t('discountPreview', { code, amount: money(figures.discount_total, booking.currency) }) : null;
  if (!changed) return line(booking);
  if (quote) return line(quote);
  return error ? errorMessage(error, t('codeDoesNotApply', { code })) : null;
}

type Props = {
  booking: BookerBooking;
  saving: boolean;
  error: string | null;
  onSave: (body: UpdateBookingInput) => void;
};

/**
 * Date, time, zone, players, plan and add-ons under the wizard's rules (shared/validation) and its
 * prices (/api/pricing). The server prices the booking again on save; this is the preview.
 */
export function GameDetailsEditor({ booking, saving, error, onSave }: Props) {
  const calendarLabel = useId();
  const text = useBookerText();
  const { t, money, moneyLocale } = text;
  const ruleText = useMessageText();
  const [date, setDate] = useState(booking.date);
  const [time, setTime] = useState<{ hour: number; minute: number } | null>(booking.meeting_time);
  const [timezone, setTimezone] = useState(booking.timezone);
  const [playersText, setPlayersText] = useState(String(booking.players));
  const [plan, setPlan] = useState(booking.plan_type);
  const [addOns, setAddOns] = useState<string[]>(booking.add_ons);
  const currency = isCurrency(booking.currency) ? booking.currency : 'GBP';
  const pricing = useQuery(pricingQuery(currency));

  const playersError = playerCountError(playersText);
  const players = playersError ? booking.players : Number(playersText.trim());
  const whenError = dateTimeError(date, time, timezone);
  const sameTime = time !== null && time.hour === booking.meeting_time.hour && time.minute === booking.meeting_time.minute;
  const whenChanged = date !== booking.date || !sameTime || timezone !== booking.timezone;
  const addOnsChanged = [...addOns].sort().join() !== [...booking.add_ons].sort().join();
  const changed = whenChanged || players !== booking.players || plan !== booking.plan_type || addOnsChanged;
  const valid = !playersError && !whenError;

  const planPrice = pricing.data?.plans.find((p) => p.type === plan)?.price;
  const preview =
    planPrice === undefined
      ? null
      : bookingPriceAnswer(
          computeBookingPrice({
            players,
            pricePerPersonMinor: toMinorUnits(planPrice),
            addOnPricesMinor: addOns.map((a) => toMinorUnits(pricing.data?.addons.find((x) => x.type === a)?.price ?? 0)),
          }),
        );

  // A booking with a code: the new total is after the code's discount, as the server will price it on save (the same
  // quote the wizard's summary asks for), not the list total (issue 35).
  const code = booking.discount_code;
  const quote = useQuery({
    queryKey: ['discount-quote', code, plan, players, currency, [...addOns].sort().join()],
    queryFn: () =>
      api(discountQuoteEndpoint, {
        params: { code: code ?? '' },
        query: { plan_type: isPlanType(plan) ? plan : 'standard', players, currency, add_ons: addOns.join(',') },
      }),
    enabled: code !== null && changed && valid && isPlanType(plan),
    retry: false,
  });
  const newTotal = !changed || !preview ? booking.total_price : code === null || quote.isError ? preview.total_price : (quote.data?.total_price ?? null);
  const discountLine = previewDiscount(text, booking, changed, quote.data, quote.error);

  const save = () => {
    const body: UpdateBookingInput = { version: booking.version };
    if (whenChanged && time) Object.assign(body, { date, meeting_time: time, timezone });
    if (players !== booking.players) body.players = players;
    if (plan !== booking.plan_type && (plan === 'standard' || plan === 'pro' || plan === 'bespoke')) body.plan_type = plan;
    if (addOnsChanged) body.add_ons = addOns.filter((a): a is 'hosted' => a === 'hosted');
    onSave(body);
  };

  return (
    <div className="space-y-6">
      <div>
        <p id={calendarLabel} className="font-semibold text-slate-900">
          {t('date')}
        </p>
        <div className="mt-1 overflow-x-auto">
          <GameCalendar date={fromApiDate(date)} timezone={timezone} onSelect={setDate} labelledBy={calendarLabel} />
        </div>
      </div>
      <MeetingTimeField
        time={time}
        timezone={timezone}
        browserZone={browserTimeZone()}
        invalid={whenError === MESSAGES.invalidDateTime && time !== null}
        inPast={whenError === MESSAGES.timeInPast}
        showErrors
        onTimeChange={setTime}
        onTimezoneChange={setTimezone}
      />
      {/* What the time field does not say itself (a date in the past), once. */}
      <FieldError
        message={whenError && time !== null && whenError !== MESSAGES.invalidDateTime && whenError !== MESSAGES.timeInPast ? ruleText(whenError) : null}
      />
      <PlayersField
        value={playersText}
        onChange={setPlayersText}
        onStep={(d) => setPlayersText(String(stepPlayers(players, d)))}
        onBlur={() => {
          if (!/^\d+$/.test(playersText.trim())) setPlayersText(String(booking.players));
        }}
      />

      <fieldset>
        <legend className="font-semibold text-slate-900">{t('gameType')}</legend>
        {pricing.isError ? <p className="mt-1 text-sm text-red-700">{t('pricingFailed')}</p> : null}
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {(pricing.data?.plans ?? [])
            .filter((p) => p.is_active)
            .map((p) => (
              <label
                key={p.type}
                className={`flex cursor-pointer flex-col rounded-xl border p-3 ${plan === p.type ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white'}`}
              >
                <span className="flex items-center gap-2">
                  <input type="radio" name="plan" value={p.type} checked={plan === p.type} onChange={() => setPlan(p.type)} />
                  <span className="font-semibold">{p.name}</span>
                </span>
                <span className="mt-1 text-sm text-slate-700">
                  {t('pricePerPerson', { price: moneyLocale ? money(p.price, currency) : p.formatted_amount })}
                </span>
              </label>
            ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="font-semibold text-slate-900">{t('addOns')}</legend>
        <div className="mt-2 space-y-2">
          {(pricing.data?.addons ?? []).map((a) => (
            <label key={a.type} className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3">
              <input
                type="checkbox"
                className="mt-1"
                checked={addOns.includes(a.type)}
                onChange={(e) => setAddOns((list) => (e.target.checked ? [...list, a.type] : list.filter((x) => x !== a.type)))}
              />
              <span>
                <span className="font-semibold">{a.name}</span>{' '}
                <span className="text-slate-700">{moneyLocale ? money(a.price, currency) : a.formatted_amount}</span>
                {a.note ? <span className="text-sm text-slate-600"> {a.note}</span> : null}
                <span className="block text-sm text-slate-600">{a.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-800">
          {discountLine ? (
            <span className="block text-sm text-slate-700" data-testid="preview-discount">
              {discountLine}
            </span>
          ) : null}
          {t('newTotal')} <strong data-testid="preview-total">{newTotal === null ? t('loading') : money(newTotal, currency)}</strong>
          {changed ? (
            <span className="ml-2">
              <Badge tone="brand">{t('unsavedChanges')}</Badge>
            </span>
          ) : null}
        </p>
        <Button variant="primary" size="lg" disabled={!changed || !valid || saving} onClick={save}>
          {saving ? t('saving') : t('saveGameDetails')}
        </Button>
      </div>
      <FieldError className="mt-2" message={error} />
    </div>
  );
}
