import { useEffect, useId, useState } from 'react';
import { REFERRAL_SOURCES, emailError } from '../../../shared/validation/booking-rules';
import { termsUrl } from '../../lib/terms';
import { ContactEmailField } from './contact-email-field';
import { StepHeading } from './help-popover';
import { referralChoice } from './wizard-io';
import { useWizard } from './wizard-store';

/** Step 3, 'Final Step': email (required) and how the booker found us; reports its validity. */
export function StepContact({ showErrors, onValidityChange }: { showErrors: boolean; onValidityChange?: (valid: boolean) => void }) {
  const { state, dispatch } = useWizard();
  const id = useId();
  const { email, referral_source: referralSource } = state.contactDetails;
  const error = emailError(email);
  // 'Other' stays chosen while its text is typed, even when the text happens to match a listed option.
  const [otherMode, setOtherMode] = useState(() => referralChoice(referralSource) === 'Other');
  const choice = otherMode ? 'Other' : referralChoice(referralSource);
  const [otherText, setOtherText] = useState(() => (otherMode && referralSource !== 'Other' ? referralSource : ''));
  const valid = error === null;

  useEffect(() => {
    onValidityChange?.(valid);
  }, [valid, onValidityChange]);

  const setReferral = (value: string) => dispatch({ type: 'setContact', field: 'referral_source', value });
  return (
    <section>
      <StepHeading title="Final Step" subtitle="We'll only use this to send your game details - no spam, ever" />
      <div className="flex max-w-xl flex-col gap-5">
        <ContactEmailField
          id={`${id}-email`}
          showErrors={showErrors}
          autoComplete="email"
          inputClassName="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
        <div>
          <label htmlFor={`${id}-referral`} className="font-semibold text-slate-900">
            How did you find out about us? <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <select
            id={`${id}-referral`}
            value={choice}
            onChange={(e) => {
              const value = e.target.value;
              setOtherMode(value === 'Other');
              if (value === 'Other') setReferral(otherText.trim() ? otherText : 'Other');
              else setReferral(value);
            }}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
          >
            <option value="">Choose an option</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </select>
        </div>
        {choice === 'Other' ? (
          <div>
            <label htmlFor={`${id}-other`} className="font-semibold text-slate-900">
              Please specify
            </label>
            <input
              id={`${id}-other`}
              type="text"
              maxLength={200}
              value={otherText}
              onChange={(e) => {
                setOtherText(e.target.value);
                setReferral(e.target.value.trim() ? e.target.value : 'Other');
              }}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
            />
          </div>
        ) : null}
        <p className="text-sm text-slate-600">
          By pressing Continue you agree to our{' '}
          <a href={termsUrl()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            Privacy Policy
          </a>
          .
        </p>
      </div>
    </section>
  );
}
