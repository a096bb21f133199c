import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';

/** A collapsible dump of every field of the record, for staff who need the raw values. */
export function AllFieldsSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const [open, setOpen] = useState(false);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">
        <Button
          variant="unstyled"
          aria-expanded={open}
          aria-controls="all-booking-fields"
          onClick={() => setOpen((o) => !o)}
          className="flex items-center gap-2"
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('detail.allFields')}
        </Button>
      </h2>
      {open ? (
        <dl id="all-booking-fields" className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(booking).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-slate-500">{key}</dt>
              <dd className="break-all font-mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
