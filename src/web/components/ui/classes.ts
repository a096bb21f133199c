/**
 * The kit's class strings, in one place. Densities: `sm` is the staff back-office's compact controls, `md` the
 * staff pages' standalone forms (login, users, challenges), `lg` the public and booker pages' touch-sized ones
 * (44 px targets on a phone).
 *
 * Button variants beyond the four looks: `link` is a button that reads as a text link (copy an e-mail, void a
 * payment); `unstyled` is a button with no kit look at all, for the one-off controls that bring their own classes
 * (an icon, a tab, a chip, a stepper): they still get the kit's semantics (a real `<button>`, `type="button"` by
 * default, the disabled reason).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link' | 'unstyled';
export type ControlSize = 'sm' | 'md' | 'lg';

const BUTTON_BASE: Record<'sm' | 'lg', string> = {
  sm: 'inline-flex items-center justify-center rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50',
  lg: 'inline-flex min-h-11 items-center justify-center rounded-lg border px-4 py-2 disabled:cursor-not-allowed disabled:opacity-50',
};

// Issue 11: dark text on the amber brand buttons, for contrast.
const BUTTON_VARIANT: Record<'sm' | 'lg', Record<Exclude<ButtonVariant, 'link' | 'unstyled'>, string>> = {
  sm: {
    primary: 'border-brand-500 bg-brand-400 text-slate-900 hover:bg-brand-500',
    secondary: 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    danger: 'border-red-700 bg-red-600 text-white hover:bg-red-700',
    ghost: 'border-transparent bg-transparent text-slate-700 hover:bg-slate-100',
  },
  lg: {
    primary: 'border-transparent bg-brand-400 font-semibold text-slate-900 hover:bg-brand-500',
    secondary: 'border-slate-300 bg-white font-medium text-slate-800 hover:bg-brand-50',
    danger: 'border-red-700 bg-red-600 font-semibold text-white hover:bg-red-700',
    ghost: 'border-transparent bg-transparent font-medium text-slate-700 hover:bg-slate-100',
  },
};

const LINK_BUTTON = 'text-brand-700 underline disabled:cursor-not-allowed disabled:opacity-50';

export function buttonClass(variant: ButtonVariant = 'secondary', size: ControlSize = 'sm'): string {
  if (variant === 'unstyled') return '';
  if (variant === 'link') return LINK_BUTTON;
  const s = size === 'md' ? 'sm' : size;
  return `${BUTTON_BASE[s]} ${BUTTON_VARIANT[s][variant]}`;
}

const INPUT: Record<ControlSize, string> = {
  sm: 'w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm',
  md: 'w-full rounded-md border border-slate-300 px-3 py-2',
  lg: 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 disabled:bg-slate-100',
};

export function inputClass(size: ControlSize = 'sm'): string {
  return INPUT[size];
}

const LABEL: Record<ControlSize, string> = {
  sm: 'mb-1 block text-sm font-medium text-slate-700',
  md: 'mb-1 block text-sm font-medium',
  lg: 'block text-sm font-semibold text-slate-800',
};

export function labelClass(size: ControlSize = 'sm'): string {
  return LABEL[size];
}

export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
