import type { ReactNode } from 'react';

/** Small building blocks shared by the booker's two pages. */

export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-400 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonSecondary =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50';
export const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 disabled:bg-slate-100';
export const labelClass = 'block text-sm font-semibold text-slate-800';

export const LOCKED_NOTE = 'Our team has locked this section. Contact us if something needs to change.';

type SectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  locked?: boolean;
  /** Shown beside the title, e.g. 'Unsaved changes'. */
  badge?: ReactNode;
  children: ReactNode;
};

/** One card of the page: a heading, an optional lock note, and its content. */
export function Section({ id, title, description, locked = false, badge, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900 sm:text-xl">
          {title}
        </h2>
        {locked ? <Badge tone="slate">Locked</Badge> : null}
        {badge}
      </div>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {locked ? (
        <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid={`${id}-locked`}>
          {LOCKED_NOTE}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const TONES = {
  slate: 'bg-slate-100 text-slate-700',
  amber: 'bg-brand-100 text-brand-700',
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** An error from the last save, under its button. */
export function SaveError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 sm:justify-start">
      <dt className="shrink-0 text-sm text-slate-600 sm:w-40">{label}</dt>
      <dd className="text-right font-medium text-slate-900 sm:text-left">{children}</dd>
    </div>
  );
}

/** The page frame: centred, narrow enough to read on a desktop, edge to edge on a phone. */
export function PageFrame({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">{children}</main>;
}

export function LoadFailed({ message }: { message: string }) {
  return (
    <PageFrame>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <h1 className="text-xl font-bold text-slate-900">{message}</h1>
        <p className="mt-2 text-slate-600">Check the code in your email, or contact us if you need help.</p>
        <a className="mt-4 inline-block font-semibold text-brand-700 underline" href="/">
          Book a game
        </a>
      </div>
    </PageFrame>
  );
}
