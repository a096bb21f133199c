import { createContext, useContext, useId, type ReactNode } from 'react';
import { cx, labelClass, type ControlSize } from './classes';

type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean; size: ControlSize };

const FieldContext = createContext<FieldControl | null>(null);

/** What a control inside a Field needs: its id, aria-describedby and aria-invalid. Null outside a Field. */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

type FieldProps = {
  label: ReactNode;
  /** A message under the control; marks it invalid and is read with it. */
  error?: string | null | undefined;
  hint?: ReactNode;
  size?: ControlSize;
  className?: string;
  labelClassName?: string;
  /** For a control that brings its own id. */
  id?: string;
  children: ReactNode;
};

/** A label, its control, a hint and the error message, wired together for assistive technology. */
export function Field({ label, error, hint, size = 'sm', className, labelClassName, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName ?? labelClass(size)}>
        {label}
      </label>
      <FieldContext.Provider value={{ id: controlId, describedBy, invalid: !!error, size }}>{children}</FieldContext.Provider>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The error line under a control or a form. */
export function FieldError({ id, message, className }: { id?: string | undefined; message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cx('mt-1 text-sm font-medium text-red-700', className)}>
      {message}
    </p>
  );
}
