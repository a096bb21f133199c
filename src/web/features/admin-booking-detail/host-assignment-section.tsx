import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { DETAIL_MESSAGES } from '../../../shared/api/admin-booking-detail';
import { notifyError } from '../../lib/toast';
import { detailCalls, fetchHosts, hostsQueryKey, useDetailAction } from './detail-api';
import { buttonClass, inputClass, labelClass, Section } from '../../components/ui';
import { Field } from './ui';

/** Hosted bookings only: pick a host from GET /api/admin/hosts. */
export function HostAssignmentSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const hosts = useQuery({ queryKey: hostsQueryKey, queryFn: fetchHosts, retry: false, staleTime: 60_000 });
  const [selected, setSelected] = useState(booking.assigned_host_id ? String(booking.assigned_host_id) : '');
  const [saving, setSaving] = useState(false);
  const failed = hosts.isError;
  useEffect(() => {
    if (failed) notifyError('Failed to load hosts');
  }, [failed]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const id = Number(selected);
    if (!selected || !Number.isInteger(id) || id <= 0) {
      notifyError(DETAIL_MESSAGES.selectHost);
      return;
    }
    setSaving(true);
    await run(() => detailCalls.patch(booking, { assigned_host_id: id }), {
      success: 'Host assigned successfully',
      failure: 'Failed to assign host',
      bookingOf: (b) => b,
    });
    setSaving(false);
  }

  return (
    <Section title="Host Assignment" id="host">
      <dl className="mb-4">
        <Field label="Current host">
          {booking.assigned_host_name ? `${booking.assigned_host_name}${booking.assigned_host_email ? ` (${booking.assigned_host_email})` : ''}` : 'No host assigned'}
        </Field>
      </dl>
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <label htmlFor="detail-host" className={labelClass()}>
            Host
          </label>
          <select id="detail-host" className={inputClass()} value={selected} disabled={hosts.isPending} onChange={(e) => setSelected(e.target.value)}>
            <option value="">{hosts.isPending ? 'Loading...' : failed ? 'Hosts could not be loaded' : 'Select a host'}</option>
            {(hosts.data ?? []).map((h) => (
              <option key={h.id} value={String(h.id)}>
                {h.name} ({h.email})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('primary')} disabled={saving}>
          Assign Host
        </button>
      </form>
    </Section>
  );
}
