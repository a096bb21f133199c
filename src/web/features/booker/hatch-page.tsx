import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { BookerBooking, PublicBooking, TempBooking } from '../../../shared/api/booking';
import type { UpdateBookingInput } from '../../../shared/api/public-booking';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { quoteCode, redeemVoucher, updateBooking } from './booker-api';
import { toMinorUnits } from '../../../shared/money';
import { voucherNavigationState } from './voucher-payment';
import { useBookerText } from './use-booker-text';
import { useAreas, useT } from '../../lib/i18n';
import { ConsentsSection } from './consents-section';
import { BookingSummary } from './booking-summary';
import { Badge } from '../../components/ui';
import { LoadFailed, PageFrame, PageSection, PageLoading } from './booker-ui';
import { ContactEditor } from './contact-editor';
import { GameDetailsEditor } from './game-details-editor';
import { isOrganiserView, useBooking } from './use-booking';
import { PublicGameDetails } from './public-game-details';
import { PaymentPanel } from '../../components/payment-panel';
import { DiscountCodeBox, type AppliedVoucher } from '../../components/discount-code-box';

/** A paid booking reached by its old temp code: public facts, and where the organiser manages it now. */
function PaidNotice({ booking }: { booking: PublicBooking }) {
  const t = useT('booker');
  return (
    <PageFrame>
      <header className="px-1">
        <p className="text-sm font-medium text-brand-700">{t('gameCode', { code: booking.code })}</p>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('bookingPaid')} <Badge tone="green">{t('paid')}</Badge>
        </h1>
        <p className="mt-1 text-slate-600" data-testid="paid-notice">
          {t('paidNotice')}
        </p>
      </header>
      <PageSection id="game" title={t('gameDetails')}>
        <PublicGameDetails booking={booking} />
      </PageSection>
    </PageFrame>
  );
}

/** The unpaid booking's heading, the same by the private link and by the temp code alone, with what it says below. */
function UnpaidHeader({ code, children }: { code: string; children: ReactNode }) {
  const t = useT('booker');
  return (
    <header className="px-1">
      <p className="text-sm font-medium text-brand-700">{t('bookingCode', { code })}</p>
      <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('yourBooking')} <Badge tone="brand">{t('notPaidYet')}</Badge>
      </h1>
      {children}
    </header>
  );
}

/**
 * An unpaid booking read by its temp code alone, in a browser that did not make it (decision 0526): its facts and
 * price; changing it, paying and the contact details are on the private link the confirmation mail carries.
 */
function TempCodeView({ booking }: { booking: TempBooking }) {
  const { t, money } = useBookerText();
  return (
    <PageFrame>
      <UnpaidHeader code={booking.code}>
        <p className="mt-1 text-slate-600" data-testid="temp-code-notice">
          {t('tempCodeNotice')}
        </p>
      </UnpaidHeader>
      <PageSection id="game" title={t('gameDetails')}>
        <PublicGameDetails booking={{ ...booking, access: 'public' }} />
        <p className="mt-3 text-sm text-slate-700">
          {t('totalLabel')} <strong data-testid="total-price">{money(booking.total_price, booking.currency)}</strong>
        </p>
      </PageSection>
    </PageFrame>
  );
}

/** /hatch/{temp_code}: a booking not yet paid. The booker checks it, changes it, and learns how payment works. */
export function HatchPage() {
  // The booker's areas and the shared parts' (payment, invoices, dialogs), in before the page shows.
  useAreas('booker', 'common');
  const { tempCode = '' } = useParams();
  const { data: booking, isPending, error, replace } = useBooking(tempCode);
  if (isPending) return <PageLoading />;
  if (error || !booking) return <LoadFailed error={error} />;
  if ('access' in booking && booking.access === 'temp') return <TempCodeView booking={booking} />;
  // Paid: the temp code no longer manages anything; the game is set up from the private management link.
  if (!isOrganiserView(booking)) return <PaidNotice booking={booking} />;
  return <HatchView booking={booking} replace={replace} />;
}

/**
 * The organiser's page of an unpaid booking: at /hatch/{temp_code} in the browser that made it, and at the mailed
 * /manage/{key} link anywhere (decision 0526).
 */
export function HatchView({ booking, replace }: { booking: BookerBooking; replace: (booking: BookerBooking) => void }) {
  const { t, money } = useBookerText();
  // One save per part, so a failure stays beside the button that caused it.
  const save = {
    call: ({ target, body }: { target: BookerBooking; body: UpdateBookingInput }) => updateBooking(target, body),
    success: t('bookingUpdated'),
    failure: t('updateBookingFailed'),
    onSuccess: replace,
  };
  const details = useAction(save);
  const contact = useAction(save);
  const navigate = useNavigate();
  const [voucherPaid, setVoucherPaid] = useState<AppliedVoucher | null>(null);

  if (booking.code_type === 'game') return <Navigate to={paths.manage(booking.manage_key)} replace />;

  const saveWith = (action: typeof details) => (body: UpdateBookingInput) => void action.run({ target: booking, body });
  // The one box (decision 0406): the server says what the code is; a promo code is the booking's (PATCH), a gift
  // voucher pays what is due now. Its payment makes the booking a game, managed from the management page from then on.
  const applyCode = async (code: string) => {
    const quote = await quoteCode(booking, code);
    if (quote?.kind !== 'voucher') {
      replace(await updateBooking(booking, { discount_code: code }));
      return;
    }
    const { booking: after, voucher } = await redeemVoucher(booking, code);
    // Nothing was paid before (this page is the unpaid booking's), so what is left is the total less the voucher's payment.
    const applied = {
      code: voucher.code,
      pays: voucher.paid,
      leftToPay: toMinorUnits(after.total_price) - voucher.paid,
      currency: voucher.currency,
      paid: true,
    };
    if (after.code_type === 'game') {
      void navigate(paths.manage(after.manage_key), { state: voucherNavigationState(applied) });
      return;
    }
    setVoucherPaid(applied);
    replace(after);
  };
  return (
    <PageFrame>
      <UnpaidHeader code={booking.code}>
        <p className="mt-1 text-slate-600">{t('checkBeforePaying')}</p>
      </UnpaidHeader>

      <PageSection id="summary" title={t('summary')}>
        <BookingSummary booking={booking} />
      </PageSection>

      {/* A booking staff made while terms were published asks the booker to accept them here (issue 41). */}
      <ConsentsSection booking={booking} />

      <PageSection id="pay" title={t('payment')}>
        {booking.discount_code ? (
          <p className="mb-3 text-sm text-slate-700" data-testid="booking-discount">
            {t('discountLine', { code: booking.discount_code, amount: money(booking.discount_total, booking.currency) })}{' '}
            <strong>{money(booking.total_price, booking.currency)}</strong>
          </p>
        ) : null}
        <PaymentPanel manageKey={booking.manage_key} revision={booking.version} />
        {/* The one code box before paying: the server checks and prices the code (decision 0400). */}
        <DiscountCodeBox
          applied={booking.discount_code}
          voucher={voucherPaid}
          more
          onApply={applyCode}
          onRemove={
            booking.discount_code && !voucherPaid
              ? async () => {
                  replace(await updateBooking(booking, { discount_code: null }));
                }
              : undefined
          }
        />
      </PageSection>

      <PageSection id="payment" title={t('whatNext')}>
        <ol className="list-decimal space-y-2 pl-5 text-slate-800">
          <li>{t('nextNothingCharged', { total: money(booking.total_price, booking.currency), email: booking.email })}</li>
          <li>{t('nextGameCode')}</li>
          <li>{t('nextSetUp')}</li>
        </ol>
        <p className="mt-3 text-sm text-slate-600">
          {t('keepLink')}{' '}
          <a href={paths.manage(booking.manage_key)} className="font-medium text-brand-700 underline" data-testid="manage-link">
            {t('yourManagementPage')}
          </a>
          .
        </p>
      </PageSection>

      <PageSection id="details" title={t('gameDetails')} description={t('gameDetailsHelp')}>
        <GameDetailsEditor key={`d${booking.version}`} booking={booking} saving={details.isPending} error={details.error} onSave={saveWith(details)} />
      </PageSection>

      <PageSection id="contact" title={t('yourDetails')} description={t('yourDetailsHelp')}>
        <ContactEditor key={`c${booking.version}`} booking={booking} saving={contact.isPending} error={contact.error} onSave={saveWith(contact)} />
      </PageSection>
    </PageFrame>
  );
}
