import { forwardRef, useId, type ButtonHTMLAttributes } from 'react';
import { buttonClass, cx, type ButtonVariant, type ControlSize } from './classes';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ControlSize;
  /** Why the button is disabled; read out with the button and shown on hover. Disables it when set. */
  disabledReason?: string | null;
};

/** A button of the kit; `type="button"` unless told otherwise, so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'sm', disabledReason, disabled, className, type = 'button', title, children, ...rest },
  ref,
) {
  const reasonId = useId();
  const reason = disabledReason || null;
  return (
    <>
      <button
        ref={ref}
        type={type}
        disabled={disabled || reason !== null}
        title={reason ?? title}
        aria-describedby={reason ? reasonId : rest['aria-describedby']}
        className={cx(buttonClass(variant, size), className)}
        {...rest}
      >
        {children}
      </button>
      {reason ? (
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      ) : null}
    </>
  );
});
