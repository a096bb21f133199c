import { useLocale, useT } from '../../lib/i18n';
import { useLocalizedPricing } from '../../lib/content-text';
import type { PriceWords } from '../../../shared/price-breakdown';
import { useEffect, useState, type ReactNode } from 'react';
import { formatMoney, formatPence, toMinorUnits } from '../../../shared/money';
import { formatVoucherCode, voucherPays } from '../../../shared/commerce/gift-vouchers';
import { addOnText, planText } from '../../../shared/plans';
import { priceBreakdown } from '../../../shared/price-breakdown';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { requestToasts } from '../../lib/toast';
import { StepHeading } from './help-popover';
import { formatMomentIn } from '../../lib/moment-text';
import { browserTimeZone, isPriced, type WizardState } from './wizard-state';
import { useWizard } from './wizard-store';
import { PaymentPanel } from '../payment-panel';
import { Button } from '../ui/button';
import { DiscountCodeBox, discountErrorText, type AppliedVoucher } from '../discount-code-box';
import { fetchDiscountQuote } from './wizard-api';
import { TermsBox } from './terms-box';
import type { DiscountQuote } from '../../../shared/api/promo-codes';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b border-slate-100 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A gift voucher's code in the box (decision 0406): not a discount but a payment of min(balance, total) once booked,
 * so the summary keeps the total and says what the voucher pays and what is left to pay. Null for a promo code.
 */
function appliedVoucher(state: WizardState): AppliedVoucher | null {
  const balance = state.discount?.voucherBalance ?? null;
  if (state.discountCode === null || state.discount === null || balance === null) return null;
  const total = toMinorUnits(state.discount.totalPrice);
  const pays = voucherPays(balance, total);
  return { code: state.discountCode, pays, leftToPay: total - pays, currency: state.currency, paid: false };
}

/**
 * The price lines: the one breakdown (shared/price-breakdown.ts) once the prices, and a code's discount, are known;
 * until then the rows the breakdown will fill, saying they are loading.
 */
function PriceRows({ state, priced, voucher, amount }: { state: WizardState; priced: boolean; voucher: boolean; amount: (value: number) => string }) {
  const t = useT('wizard');
  const { moneyLocale } = useLocale();
  const code = state.discountCode;
  if (!priced || (code !== null && state.discount === null)) {
    return (
      <>
        <Row label={t('pricePerPerson')}>{amount(state.pricePerPerson)}</Row>
        <Row label={t('addOnsTotal')}>{amount(state.addOnsTotal)}</Row>
        {code && !voucher ? (
          <Row label={t('discountWithCode', { code })}>
            <span data-testid="summary-discount">{t('loading')}</span>
          </Row>
        ) : null}
        <Row label={t('total')}>
          <strong className="text-lg" data-testid="summary-total">
            {code ? t('loading') : amount(state.totalPrice)}
          </strong>
        </Row>
      </>
    );
  }
  const words: PriceWords = {
    ...(moneyLocale ? { locale: moneyLocale } : {}),
    perPerson: (price, players) => t('perPersonLine', { price, players }),
    addOnsTotal: t('addOnsTotal'),
    listPrice: t('listPrice'),
    discount: (discountCode) => (discountCode ? t('discountWithCode', { code: discountCode }) : t('discount')),
    priceAgreed: t('priceAgreed'),
    total: t('total'),
  };
  const lines = priceBreakdown(
    {
      currency: state.currency,
      players: state.playerCount,
      price_per_person: state.pricePerPerson,
      add_ons_total: state.addOnsTotal,
      discount_total: state.discount && !voucher ? state.discount.discountTotal : 0,
      total_price: state.discount ? state.discount.totalPrice : state.totalPrice,
      discount_code: code,
    },
    words,
  );
  return (
    <>
      {lines.map((line) => (
        <Row key={line.kind} label={line.label}>
          {line.kind === 'total' ? (
            <strong className="text-lg" data-testid="summary-total">
              {line.text}
            </strong>
          ) : (
            <span data-testid={line.kind === 'discount' ? 'summary-discount' : `summary-${line.kind}`}>{line.text}</span>
          )}
        </Row>
      ))}
    </>
  );
}

/** What the booking is: the same rows before the booker books (wizard prices) and after (the server's prices). */
function SummaryList({ state }: { state: WizardState }) {
  const t = useT('wizard');
  const { language, locale, moneyLocale } = useLocale();
  const ownZone = browserTimeZone();
  // Plan and add-on names in the page's language (decision 0630).
  const pricing = useLocalizedPricing(state.pricing);
  const planName = pricing?.plans.find((p) => p.type === state.planType)?.name ?? planText(state.planType, language).name;
  const addOnNames = state.addOns.map((type) => pricing?.addons.find((a) => a.type === type)?.name ?? addOnText(type, language).name);
  const gameMoment = formatMomentIn(state.utcDateTime, state.timezone, locale);
  const ownMoment = formatMomentIn(state.utcDateTime, ownZone, locale);
  // Before booking the prices are the wizard's, from the loaded price list with the server's own rule; none shown until it is there.
  const priced = state.id !== null || isPriced(state);
  const amount = (value: number) => (priced ? formatMoney(value, state.currency, moneyLocale) : state.pricingError ? t('notAvailable') : t('loading'));
  const voucher = appliedVoucher(state);
  return (
    <dl className="rounded-xl border border-slate-200 bg-white px-4" aria-label={t('summaryLabel')}>
      <Row label={t('dateAndTime')}>
        {gameMoment} <span className="text-slate-600">{t('gameZone', { zone: state.timezone })}</span>
      </Row>
      <Row label={t('inYourZone')}>
        {ownMoment} <span className="text-slate-600">({ownZone})</span>
      </Row>
      <Row label={t('city')}>{state.city}</Row>
      <Row label={t('playersShort')}>{state.playerCount}</Row>
      <Row label={t('gameType')}>{planName}</Row>
      <Row label={t('addOns')}>{addOnNames.length > 0 ? addOnNames.join(', ') : t('none')}</Row>
      <PriceRows state={state} priced={priced} voucher={voucher !== null} amount={amount} />
      {voucher ? (
        <>
          <Row label={t('giftVoucherCode', { code: formatVoucherCode(voucher.code) })}>
            <span data-testid="summary-voucher">−{formatPence(voucher.pays, voucher.currency, moneyLocale)}</span>
          </Row>
          <Row label={t('leftToPay')}>
            <strong data-testid="summary-left-to-pay">{formatPence(voucher.leftToPay, voucher.currency, moneyLocale)}</strong>
          </Row>
        </>
      ) : null}
      <Row label={t('email')}>{state.contactDetails.email}</Row>
    </dl>
  );
}

/**
 * Step 4 before the booking exists: everything the booker chose and the total in the booking's currency, checked
 * before anything is stored (decision 0110). The wizard's Book now button below it creates the booking.
 */
function ConfirmSummary({ state }: { state: WizardState }) {
  const t = useT('wizard');
  return (
    <section>
      <StepHeading title={t('checkTitle')} subtitle={t('checkSubtitle')} />
      <SummaryList state={state} />
      <WizardDiscountBox state={state} />
      <TermsBox />
      {state.pricingError && !isPriced(state) ? (
        <p role="alert" className="mt-3 font-medium text-red-700">
          {state.pricingError}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">{t('bookingIsFree', { email: state.contactDetails.email })}</p>
    </section>
  );
}

/** The server's quote of a code as the wizard keeps it: a voucher's balance, or the promo code's discount. */
const appliedAction = (quote: DiscountQuote) =>
  ({
    type: 'discountApplied',
    code: quote.discount_code,
    discountTotal: quote.discount_total,
    totalPrice: quote.total_price,
    voucherBalance: quote.kind === 'voucher' ? quote.voucher_balance : null,
  }) as const;

/**
 * The one code box of step 4: the server prices the code for these choices (the same check and rule as Book now),
 * and prices it again when the booker went back and changed a choice; a code that no longer applies is taken out.
 */
function WizardDiscountBox({ state }: { state: WizardState }) {
  const { dispatch } = useWizard();
  const facts = { planType: state.planType, players: state.playerCount, currency: state.currency, addOns: state.addOns };
  const [stale, setStale] = useState<string | null>(null);
  const code = state.discountCode;
  const needsQuote = code !== null && state.discount === null;
  useEffect(() => {
    if (!needsQuote || code === null) return;
    const controller = new AbortController();
    fetchDiscountQuote(code, facts, controller.signal).then(
      (quote) => dispatch(appliedAction(quote)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStale(discountErrorText(error));
        dispatch({ type: 'discountRemoved' });
      },
    );
    return () => controller.abort();
    // facts are the state's own fields, listed here one by one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsQuote, code, state.planType, state.playerCount, state.currency, state.addOns]);
  const apply = async (typed: string) => {
    const quote = await fetchDiscountQuote(typed, facts);
    setStale(null);
    dispatch(appliedAction(quote));
  };
  const voucher = appliedVoucher(state);
  return (
    <>
      <DiscountCodeBox applied={code} voucher={voucher} onApply={apply} onRemove={() => dispatch({ type: 'discountRemoved' })} />
      {stale ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {stale}
        </p>
      ) : null}
    </>
  );
}

/** Step 4: before booking, the summary to confirm; after, what was booked, where to manage it and what happens next. */
export function StepSummary({ onBookAnother }: { onBookAnother: () => void }) {
  const { state } = useWizard();
  const t = useT('wizard');
  const copyToClipboard = useCopyToClipboard();
  // 'Copy link' toasts: have the toast region (an aria-live section) in place before it does.
  useEffect(() => requestToasts(), []);
  if (state.id === null) return <ConfirmSummary state={state} />;
  const manageUrl = state.tempCode ? new URL(paths.hatch(state.tempCode), window.location.origin).toString() : '';
  return (
    <section>
      <StepHeading title={t('bookedTitle')} subtitle={t('bookedSubtitle')} />
      <SummaryList state={state} />

      {manageUrl ? (
        <div className="mt-6 rounded-xl border border-brand-400 bg-brand-50 p-4">
          <h3 className="font-semibold text-slate-900">{t('manageTitle')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('manageText', { code: state.tempCode ?? '' })}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <a href={paths.hatch(state.tempCode ?? '')} className="break-all font-medium text-brand-700 underline" data-testid="manage-link">
              {manageUrl}
            </a>
            <Button variant="secondary" size="lg" onClick={() => void copyToClipboard(manageUrl)} className="shrink-0 text-sm">
              {t('copyLink')}
            </Button>
          </div>
        </div>
      ) : null}

      {state.manageKey ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="mb-3 font-semibold text-slate-900">{t('payToConfirm')}</h3>
          <PaymentPanel manageKey={state.manageKey} />
        </div>
      ) : null}

      <div className="mt-6">
        <h3 className="font-semibold text-slate-900">{t('nextTitle')}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          <li>{t('next1', { email: state.contactDetails.email })}</li>
          <li>{t('next2')}</li>
          <li>{t('next3')}</li>
        </ol>
      </div>

      <Button variant="secondary" size="lg" onClick={onBookAnother} className="mt-8">
        {t('bookAnother')}
      </Button>
    </section>
  );
}
