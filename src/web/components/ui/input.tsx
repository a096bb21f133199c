import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx, inputClass, type ControlSize } from './classes';
import { useFieldControl } from './field';

type Sized = { size?: ControlSize; invalid?: boolean };

/** The id, aria-describedby and aria-invalid a control takes from its Field, unless given its own. */
function useWiring(
  props: { id?: string | undefined; 'aria-describedby'?: string | undefined; 'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined },
  size: ControlSize | undefined,
  invalid: boolean | undefined,
) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return {
    id: props.id ?? field?.id,
    'aria-describedby': props['aria-describedby'] ?? field?.describedBy,
    'aria-invalid': props['aria-invalid'] ?? (isInvalid ? true : undefined),
    size: size ?? field?.size ?? 'sm',
  };
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & Sized;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ size, invalid, className, ...rest }, ref) {
  const { size: s, ...wiring } = useWiring(rest, size, invalid);
  return <input ref={ref} {...rest} {...wiring} className={cx(inputClass(s), className)} />;
});

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & Sized;

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ size, invalid, className, children, ...rest }, ref) {
  const { size: s, ...wiring } = useWiring(rest, size, invalid);
  return (
    <select ref={ref} {...rest} {...wiring} className={cx(inputClass(s), className)}>
      {children}
    </select>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Sized;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ size, invalid, className, ...rest }, ref) {
  const { size: s, ...wiring } = useWiring(rest, size, invalid);
  return <textarea ref={ref} {...rest} {...wiring} className={cx(inputClass(s), className)} />;
});
