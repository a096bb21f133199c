import type { ReactNode } from 'react';
import { Badge } from './badge';

export const LOCKED_NOTE = 'Our team has locked this section. Contact us if something needs to change.';

type SectionProps = {
  id: string;
  title: string;
  /** `card`: the staff pages' compact card; `page`: the booker's roomier one, which is also a link target. */
  look?: 'card' | 'page';
  description?: ReactNode;
  /** Shown at the heading's end (card) or beside it (page), e.g. buttons or an 'Unsaved changes' badge. */
  actions?: ReactNode;
  locked?: boolean;
  /** The locked badge and note in the reader's language (the booker's pages); English by default. */
  lockedWords?: { badge: string; note: string };
  children: ReactNode;
};

const LOCKED_ENGLISH = { badge: 'Locked', note: LOCKED_NOTE };

/** One card of a page, labelled by its heading for assistive technology. */
export function Section({ id, title, look = 'card', description, actions, locked = false, lockedWords = LOCKED_ENGLISH, children }: SectionProps) {
  if (look === 'card') {
    const headingId = `section-${id}`;
    return (
      <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
        {description ? <p className="-mt-2 mb-4 text-sm text-slate-600">{description}</p> : null}
        {children}
      </section>
    );
  }
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900 sm:text-xl">
          {title}
        </h2>
        {locked ? <Badge tone="slate">{lockedWords.badge}</Badge> : null}
        {actions}
      </div>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      {locked ? (
        <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid={`${id}-locked`}>
          {lockedWords.note}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
