import type { ReactNode } from 'react';

export const buttonClass =
  'inline-flex items-center justify-center rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
export const primaryButton = `${buttonClass} border-brand-500 bg-brand-400 text-slate-900 hover:bg-brand-500`;
export const secondaryButton = `${buttonClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
export const dangerButton = `${buttonClass} border-red-700 bg-red-600 text-white hover:bg-red-700`;
export const inputClass = 'w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm';
export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';

/** One card of the detail page, labelled by its heading for assistive technology. */
export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  const headingId = `section-${id}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const TONES = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  amber: 'bg-amber-100 text-amber-800',
  slate: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-800',
} as const;

export function Badge({ tone = 'slate', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** A label and its value in a definition list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);
