import { useT } from '../../lib/i18n';
import { useEffect, useId, useState } from 'react';
import { REFERRAL_SOURCES, emailError } from '../../../shared/validation/booking-rules';
import { termsUrl } from '../../lib/terms';
import { ContactEmailField } from './contact-email-field';
import { StepHeading } from './help-popover';
import { referralChoice } from './wizard-io';
import { useWizard } from './wizard-store';

/** How each answer of 'How did you find out about us?' is shown; the value sent stays the spec's English. */
const REFERRAL_KEYS = {
  'Google search': 'refGoogle',
  Facebook: 'refFacebook',
  Instagram: 'refInstagram',
  LinkedIn: 'refLinkedIn',
  TikTok: 'refTikTok',
  'Word of mouth': 'refWordOfMouth',
  'A hatch event': 'refEvent',
  'A hatch team member': 'refTeamMember',
  Other: 'refOther',
} as const satisfies Record<(typeof REFERRAL_SOURCES)[number], string>;

/** Step 3, 'Final Step': email (required) and how the booker found us; reports its validity. */
export function StepContact({ showErrors, onValidityChange }: { showErrors: boolean; onValidityChange?: (valid: boolean) => void }) {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
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
      <StepHeading title={t('contactTitle')} subtitle={t('contactSubtitle')} />
      <div className="flex max-w-xl flex-col gap-5">
        <ContactEmailField
          id={`${id}-email`}
          showErrors={showErrors}
          autoComplete="email"
          inputClassName="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
        <div>
          <label htmlFor={`${id}-referral`} className="font-semibold text-slate-900">
            {t('referral')} <span className="font-normal text-slate-600">{t('optional')}</span>
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
            <option value="">{t('chooseOption')}</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(REFERRAL_KEYS[source])}
              </option>
            ))}
          </select>
        </div>
        {choice === 'Other' ? (
          <div>
            <label htmlFor={`${id}-other`} className="font-semibold text-slate-900">
              {t('pleaseSpecify')}
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
          {t('agreeBefore')}{' '}
          <a href={termsUrl()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {t('privacyPolicy')}
          </a>
          {t('agreeAfter')}
        </p>
      </div>
    </section>
  );
}
