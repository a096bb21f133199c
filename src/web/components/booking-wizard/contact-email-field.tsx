import { useMessageText, useT } from '../../lib/i18n';
import { useState } from 'react';
import { emailError } from '../../../shared/validation/booking-rules';
import { FieldError } from './help-popover';
import { useWizard } from './wizard-store';

/**
 * The booker's email in the wizard (public 'Final Step' and staff 'Details'), judged by the shared rule.
 * Spec section 5: the message appears only once the field was left or came prefilled, or when the step asks.
 */
export function ContactEmailField({
  id,
  showErrors,
  autoComplete,
  inputClassName,
}: {
  id: string;
  showErrors: boolean;
  autoComplete: string;
  inputClassName: string;
}) {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const say = useMessageText();
  const { email } = state.contactDetails;
  const [touched, setTouched] = useState(() => email !== '');
  const error = emailError(email);
  const showError = error !== null && (touched || showErrors);
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {t('email')}
      </label>
      <input
        id={id}
        type="email"
        autoComplete={autoComplete}
        required
        value={email}
        aria-invalid={showError ? true : undefined}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(e) => dispatch({ type: 'setContact', field: 'email', value: e.target.value })}
        onBlur={() => setTouched(true)}
        className={inputClassName}
      />
      {showError ? (
        <div role="alert">
          <FieldError id={`${id}-error`}>{say(error)}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
