import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { BookerBooking, PublicBooking, TempBooking } from '../../../shared/api/booking';
import type { UpdateBookingInput } from '../../../shared/api/public-booking';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { quoteCode, redeemVoucher, updateBooking } from './booker-api';
import { toMinorUnits } from '../../../shared/money';
import { voucherNavigationState } from './voucher-payment';
import { money } from './booking-format';
import { ConsentsSection } from './consents-section';
import { BookingSummary } from './booking-summary';
import { Badge, Section } from '../../components/ui';
import { LoadFailed, PageFrame } from './booker-ui';
import { ContactEditor } from './contact-editor';
import { GameDetailsEditor } from './game-details-editor';
import { isOrganiserView, loadErrorText, useBooking } from './use-booking';
import { PublicGameDetails } from './public-game-details';
import { PaymentPanel } from '../../components/payment-panel';
import { DiscountCodeBox, type AppliedVoucher } from '../../components/discount-code-box';

/** A paid booking reached by its old temp code: public facts, and where the organiser manages it now. */
function PaidNotice({ booking }: { booking: PublicBooking }) {
  return (
    <PageFrame>
      <header className="px-1">
        <p className="text-sm font-medium text-brand-700">Game {booking.code}</p>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          Your booking is paid <Badge tone="green">Paid</Badge>
        </h1>
        <p className="mt-1 text-slate-600" data-testid="paid-notice">
          Your game is booked. Set it up from the private management link we emailed you with the game code; players join with the game code.
        </p>
      </header>
      <Section look="page" id="game" title="Game details">
        <PublicGameDetails booking={booking} />
      </Section>
    </PageFrame>
  );
}

/** The unpaid booking's heading, the same by the private link and by the temp code alone, with what it says below. */
function UnpaidHeader({ code, children }: { code: string; children: ReactNode }) {
  return (
    <header className="px-1">
      <p className="text-sm font-medium text-brand-700">Booking {code}</p>
      <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        Your booking <Badge tone="brand">Not paid yet</Badge>
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
  return (
    <PageFrame>
      <UnpaidHeader code={booking.code}>
        <p className="mt-1 text-slate-600" data-testid="temp-code-notice">
          To change this booking, pay for it or see your contact details, open the private link in the confirmation email we sent you.
        </p>
      </UnpaidHeader>
      <Section look="page" id="game" title="Game details">
        <PublicGameDetails booking={{ ...booking, access: 'public' }} />
        <p className="mt-3 text-sm text-slate-700">
          Total: <strong data-testid="total-price">{money(booking.total_price, booking.currency)}</strong>
        </p>
      </Section>
    </PageFrame>
  );
}

/** /hatch/{temp_code}: a booking not yet paid. The booker checks it, changes it, and learns how payment works. */
export function HatchPage() {
  const { tempCode = '' } = useParams();
  const { data: booking, isPending, error, replace } = useBooking(tempCode);
  if (isPending)
    return (
      <PageFrame>
        <Spinner />
      </PageFrame>
    );
  if (error || !booking) return <LoadFailed message={loadErrorText(error)} />;
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
  // One save per part, so a failure stays beside the button that caused it.
  const save = {
    call: ({ target, body }: { target: BookerBooking; body: UpdateBookingInput }) => updateBooking(target, body),
    success: 'Booking updated',
    failure: BOOKER_MESSAGES.updateBookingFailed,
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
        <p className="mt-1 text-slate-600">Check the details of your game and change anything before you pay.</p>
      </UnpaidHeader>

      <Section look="page" id="summary" title="Summary">
        <BookingSummary booking={booking} />
      </Section>

      {/* A booking staff made while terms were published asks the booker to accept them here (issue 41). */}
      <ConsentsSection booking={booking} />

      <Section look="page" id="pay" title="Payment">
        {booking.discount_code ? (
          <p className="mb-3 text-sm text-slate-700" data-testid="booking-discount">
            Discount ({booking.discount_code}): −{money(booking.discount_total, booking.currency)}. Total after discount:{' '}
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
      </Section>

      <Section look="page" id="payment" title="What happens next">
        <ol className="list-decimal space-y-2 pl-5 text-slate-800">
          <li>
            Nothing has been charged yet. Pay a deposit or the full <strong>{money(booking.total_price, booking.currency)}</strong> above; we email{' '}
            <strong>{booking.email}</strong> a receipt.
          </li>
          <li>Once your payment is in, your booking becomes a game and you receive its game code by email.</li>
          <li>With the game code you choose challenges, the meeting point, the hiding spot, the game area, teams and the Chicken.</li>
        </ol>
        <p className="mt-3 text-sm text-slate-600">
          You can change the details below until you pay. Keep this page&apos;s link: it is your booking code. Once paid, you set up your game from your private
          management link, which we email you with the game code:{' '}
          <a href={paths.manage(booking.manage_key)} className="font-medium text-brand-700 underline" data-testid="manage-link">
            your management page
          </a>
          .
        </p>
      </Section>

      <Section look="page" id="details" title="Game details" description="Date, time, players, game type and add-ons. Prices update as you change them.">
        <GameDetailsEditor key={`d${booking.version}`} booking={booking} saving={details.isPending} error={details.error} onSave={saveWith(details)} />
      </Section>

      <Section look="page" id="contact" title="Your details" description="Who we contact about this game.">
        <ContactEditor key={`c${booking.version}`} booking={booking} saving={contact.isPending} error={contact.error} onSave={saveWith(contact)} />
      </Section>
    </PageFrame>
  );
}
