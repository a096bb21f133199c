import { currentLanguage } from '../../lib/language';
import { useT } from '../../lib/i18n';
import { Suspense, use, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BrandHeader } from '../../components/brand-header';
import { Spinner } from '../../components/spinner';
import { firstInteraction } from '../../lib/first-interaction';
import { WIZARD_MAIN_CLASS } from '../../components/booking-wizard/first-frame';
import { StepIndicator } from '../../components/booking-wizard/step-indicator';
import { StepWhenWhere } from '../../components/booking-wizard/step-when-where';
import { newIdempotencyKey } from '../../components/booking-wizard/summary-format';
import { createBooking, createBookingErrorText } from '../../components/booking-wizard/wizard-api';
import { toCreateBookingBody } from '../../components/booking-wizard/wizard-io';
import { loadWizardSchemas } from '../../components/booking-wizard/wizard-schemas-loader';
import { browserTimeZone, isContactValid, isPriced } from '../../components/booking-wizard/wizard-state';
import { stepFromSearch, stepSearch, stepShown, stepZeroReady } from '../../components/booking-wizard/wizard-steps';
import { WIZARD_STORAGE_KEY, WizardProvider, readStorage, useWizard } from '../../components/booking-wizard/wizard-store';
import { StepAddOns, StepContact, StepPlan, StepSummary, preloadLaterSteps } from './later-steps';
import { Button } from '../../components/ui/button';

const STEP_KEYS = ['stepWhenWhere', 'stepGameType', 'stepAddOns', 'stepDetails', 'stepSummary'] as const;

export function WizardPage() {
  const { search } = useLocation();
  // A saved wizard is read back with zod: only then does the page wait for the schemas chunk (the
  // route's spinner shows meanwhile). A first visit has nothing saved and shows step 0 without it.
  const [hasSaved] = useState(() => readStorage(WIZARD_STORAGE_KEY) !== null);
  const schemas = hasSaved ? use(loadWizardSchemas()) : null;
  return (
    <WizardProvider search={search} restore={schemas?.deserializeWizard} deferSchemas>
      <WizardFlow />
    </WizardProvider>
  );
}

function WizardFlow() {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const incomplete = t('incomplete');
  const { search } = useLocation();
  const navigate = useNavigate();
  const [showErrors, setShowErrors] = useState(false);
  const [contactValid, setContactValid] = useState(() => isContactValid(state.contactDetails.email));
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const sendingRef = useRef(false);
  const contentRef = useRef<HTMLDivElement>(null);
  // The address says which step is shown (decision 0535): each step is a history entry, so Back and Forward move
  // between steps and the state (sessionStorage) stays; a step whose earlier data is missing shows the first incomplete one.
  const requested = stepFromSearch(search);
  const step = stepShown(requested, state);
  const booked = state.id !== null;
  const goTo = useCallback((target: number) => navigate({ search: stepSearch(target) }), [navigate]);

  // The address follows what is shown: a deep link ahead of the data, or a booking made, is corrected in place.
  useEffect(() => {
    if (requested !== step) navigate({ search: stepSearch(step) }, { replace: true });
  }, [requested, step, navigate]);

  // A new step starts without the last step's messages (reset while rendering, so the new step never shows them)...
  const [stepSeen, setStepSeen] = useState(step);
  if (stepSeen !== step) {
    setStepSeen(step);
    setShowErrors(false);
    setSendError(null);
  }
  // ...at its top, with the focus there, so keyboard and screen reader users follow. Not on the first render.
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    contentRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [step]);

  // The later steps are fetched once the booker starts on step 0, so Next rarely waits for them.
  useEffect(() => {
    void firstInteraction().then(preloadLaterSteps);
  }, []);

  const next = useCallback(() => goTo(step + 1), [goTo, step]);
  const onValidityChange = useCallback((valid: boolean) => setContactValid(valid), []);

  const canJump = (target: number) => {
    if (booked || target === 4) return false;
    if (target < step) return true;
    return stepZeroReady(state);
  };

  // After a refused move, take the booker to the first field that needs attention.
  const revealErrors = () => {
    setShowErrors(true);
    window.setTimeout(() => {
      const root = contentRef.current;
      const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field) field.focus();
      else root?.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView({ block: 'center' });
    }, 0);
  };

  const goNext = () => {
    if (step === 0 && !stepZeroReady(state)) {
      revealErrors();
      return;
    }
    next();
  };

  // Step 3's Continue only moves on: the booking is made from the summary on step 4 (decision 0110).
  const review = () => {
    if (!contactValid || !stepZeroReady(state)) {
      revealErrors();
      if (!stepZeroReady(state)) setSendError(incomplete);
      return;
    }
    next();
  };

  // Not lib/use-action.ts, the app's one way to write: the public wizard loads no TanStack Query (its first load stays
  // small, app/area-providers.tsx), so Book now keeps its own sending state and double-click guard.
  const book = async () => {
    if (sendingRef.current || booked) return;
    if (!isContactValid(state.contactDetails.email) || !stepZeroReady(state)) {
      setSendError(incomplete);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setSendError(null);
    const key = state.idempotencyKey ?? newIdempotencyKey();
    if (!state.idempotencyKey) dispatch({ type: 'setIdempotencyKey', key });
    try {
      // The booking keeps the language the booker read it in (api-contract, "Languages").
      const booking = await createBooking({ ...toCreateBookingBody(state), language: currentLanguage() }, key);
      dispatch({ type: 'bookingCreated', booking });
    } catch (error) {
      setSendError(createBookingErrorText(error, t('createFailed')));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const primary = 'rounded-lg bg-brand-400 px-6 py-3 font-semibold text-slate-900 hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-60';
  const secondary = 'rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-brand-50';

  return (
    <div className="min-h-screen">
      <BrandHeader />
      <main className={WIZARD_MAIN_CLASS}>
        <h1 className="sr-only">{t('title')}</h1>
        <StepIndicator labels={STEP_KEYS.map((key) => t(key))} current={step} canJump={canJump} onJump={goTo} />
        <div ref={contentRef} tabIndex={-1} className="rounded-2xl bg-white p-4 shadow-sm outline-none sm:p-8" data-testid={`wizard-step-${step}`}>
          {step === 0 ? <StepWhenWhere showErrors={showErrors} /> : null}
          <Suspense fallback={<Spinner />}>
            {step === 1 ? <StepPlan /> : null}
            {step === 2 ? <StepAddOns /> : null}
            {step === 3 ? <StepContact showErrors={showErrors} onValidityChange={onValidityChange} /> : null}
            {step === 4 ? (
              <StepSummary
                onBookAnother={() => {
                  dispatch({ type: 'reset', browserTimeZone: browserTimeZone() });
                  goTo(0);
                }}
              />
            ) : null}
          </Suspense>
        </div>
        {!booked ? (
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            {step > 0 ? (
              <Button variant="unstyled" className={secondary} onClick={() => goTo(step - 1)}>
                {t('previous')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col gap-2 sm:items-end">
              {sendError ? (
                <p role="alert" className="font-medium text-red-700">
                  {sendError}
                </p>
              ) : null}
              {step < 3 ? (
                <Button variant="unstyled" className={primary} onClick={goNext}>
                  {t('next')}
                </Button>
              ) : step === 3 ? (
                <Button variant="unstyled" className={primary} onClick={review}>
                  {t('continue')}
                </Button>
              ) : (
                <Button
                  variant="unstyled"
                  className={primary}
                  disabled={sending || !isPriced(state)}
                  aria-busy={sending}
                  // Book now sits where Continue was: the second click of a double click on Continue must not book unseen.
                  onClick={(event) => {
                    if (event.detail <= 1) void book();
                  }}
                >
                  {sending ? t('booking') : t('bookNow')}
                </Button>
              )}
            </div>
          </div>
        ) : null}
      </main>
    </div>
  );
}
