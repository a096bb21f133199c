import type { ReactNode } from 'react';

/** A label and its value in a definition list. */
export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);
