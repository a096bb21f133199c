import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { StepAddOns } from '../../components/booking-wizard/step-addons';
import { StepIndicator } from '../../components/booking-wizard/step-indicator';
import { StepPlan } from '../../components/booking-wizard/step-plan';
import { StepWhenWhere } from '../../components/booking-wizard/step-when-where';
import { ContactEmailField } from '../../components/booking-wizard/contact-email-field';
import { StepHeading } from '../../components/booking-wizard/help-popover';
import { hasValidDateTime, toApiDate, type WizardState } from '../../components/booking-wizard/wizard-state';
import { WizardProvider, useWizard } from '../../components/booking-wizard/wizard-store';
import { formatMoney } from '../../../shared/money';
import { planText } from '../../../shared/plans';
import { dateTimeError, emailError } from '../../../shared/validation/booking-rules';
import { CONTACT_FIELDS } from '../../../shared/booking-contact-fields';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { createAdminBooking, toAdminCreateBody } from './bookings-api';
import { Button } from '../../components/ui';
import { bookingFactsChanged } from '../../lib/booking-facts-data';
import { useLocale, useT } from '../../lib/i18n';

const STEPS = ['create.stepGame', 'create.stepType', 'create.stepAddOns', 'create.stepDetails'] as const;
const LAST = STEPS.length - 1;

/** Step 0 can be left when its state is valid and the date and time make a real, future moment. */
function whenWhereReady(s: WizardState): boolean {
  return s.isValid && hasValidDateTime(s) && dateTimeError(toApiDate(s.date), s.meetingTime, s.timezone) === null;
}

/** The whole booking is valid: what enables 'Create Booking' (spec section 5). */
export function isBookingValid(s: WizardState): boolean {
  return whenWhereReady(s) && emailError(s.contactDetails.email) === null && s.pricing !== null;
}

/** /admin/bookings/create: the public wizard's steps (shared components), then the booker's details. */
export function CreateBookingPage() {
  return (
    <WizardProvider storageKey={null}>
      <CreateBookingWizard />
    </WizardProvider>
  );
}

function CreateBookingWizard() {
  const t = useT('operations');
  const { state, dispatch } = useWizard();
  const navigate = useNavigate();
  const [showErrors, setShowErrors] = useState(false);
  // Spec section 8: a failed create is logged only, with no message. Once created, the page leaves for the booking and
  // the button stays disabled until it has, so one click makes one booking.
  const create = useAction({
    call: () => createAdminBooking(toAdminCreateBody(state)),
    failure: t('create.failed'),
    failureToast: 'none',
    invalidates: bookingFactsChanged,
    onSuccess: ({ booking }) => navigate(paths.admin.booking(booking.id)),
    onError: (error) => console.warn('Failed to create booking', error),
  });
  const sending = create.isPending || create.isSuccess;
  const step = Math.min(state.stepIndex, LAST);
  const valid = isBookingValid(state);

  useEffect(() => setShowErrors(false), [step]);

  function next() {
    if (step === 0 && !whenWhereReady(state)) {
      setShowErrors(true);
      return;
    }
    if (step < LAST) dispatch({ type: 'next' });
  }

  const send = () => {
    if (valid && !create.isSuccess) void create.run();
  };

  return (
    <section className="mx-auto max-w-5xl">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('create.title')}</h1>
        <Link to={paths.admin.bookings} className="text-sm text-brand-700 underline">
          {t('create.back')}
        </Link>
      </div>
      <StepIndicator
        labels={STEPS.map((key) => t(key))}
        current={step}
        canJump={(target) => target < step || (target > 0 && whenWhereReady(state))}
        onJump={(target) => dispatch({ type: 'jump', step: target })}
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        {step === 0 && <StepWhenWhere showErrors={showErrors} />}
        {step === 1 && <StepPlan />}
        {step === 2 && <StepAddOns />}
        {step === 3 && <DetailsStep showErrors={showErrors} />}
      </div>
      <div className="mt-4 flex items-center justify-between gap-3">
        <Button size="md" disabled={step === 0} onClick={() => dispatch({ type: 'previous' })}>
          {t('create.previous')}
        </Button>
        {step < LAST ? (
          <Button variant="primary" size="md" onClick={next}>
            {t('create.next')}
          </Button>
        ) : (
          <Button
            variant="unstyled"
            disabled={!valid || sending}
            onClick={send}
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-40"
          >
            {t('create.submit')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Step 3 for staff: the booker's name, email (required), phone and company, and the price. */
function DetailsStep({ showErrors }: { showErrors: boolean }) {
  const t = useT('operations');
  const { language, moneyLocale } = useLocale();
  const { state, dispatch } = useWizard();
  const id = useId();
  // The plan's name as the wizard's summary gives it: staff's translation from the price list, else the English.
  const plan = state.pricing?.plans.find((p) => p.type === state.planType);
  const planName = planText(state.planType, language, plan?.translations ? { plan: { [state.planType]: plan.translations } } : undefined).name;
  const field = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5';
  const text = (name: 'full_name' | 'phone' | 'company_name', label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-600">{t('create.optional')}</span>
      </label>
      <input
        id={`${id}-${name}`}
        type={name === 'phone' ? 'tel' : 'text'}
        autoComplete="off"
        maxLength={CONTACT_FIELDS[name].max}
        value={state.contactDetails[name]}
        onChange={(e) => dispatch({ type: 'setContact', field: name, value: e.target.value })}
        className={field}
      />
    </div>
  );
  return (
    <section>
      <StepHeading title={t('create.stepDetails')} subtitle={t('create.detailsFor')} />
      <div className="grid max-w-3xl gap-5 md:grid-cols-2">
        {text('full_name', t('create.fullName'))}
        <ContactEmailField id={`${id}-email`} showErrors={showErrors} autoComplete="off" inputClassName={field} />
        {text('phone', t('create.phone'))}
        {text('company_name', t('create.company'))}
      </div>
      <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t('create.players')}</dt>
          <dd className="font-semibold">{state.playerCount}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('create.gameType')}</dt>
          <dd className="font-semibold">{state.type === 'hosted' ? t('create.hostedPlan', { plan: planName }) : planName}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('create.city')}</dt>
          <dd className="font-semibold">{state.city || '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('create.total')}</dt>
          <dd className="font-semibold">{state.pricing ? formatMoney(state.totalPrice, state.currency, moneyLocale) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
