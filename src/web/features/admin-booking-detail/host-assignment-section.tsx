import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { detailPatchBody } from '../../../shared/api/admin-booking-detail';
import { toastFirstError } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { HostSelect, useHosts } from './host-select';
import { Button, Section } from '../../components/ui';
import { Info } from './ui';

// The select holds the id as text ('' for none); the shared rule judges the number.
const hostForm = z.object({ assigned_host_id: z.preprocess((v) => (v === '' ? undefined : Number(v)), detailPatchBody.shape.assigned_host_id.unwrap()) });

/** Hosted bookings only: pick a host from GET /api/admin/hosts. */
export function HostAssignmentSection({ booking }: { booking: AdminBooking }) {
  const hosts = useHosts();
  const form = useForm<z.input<typeof hostForm>, unknown, z.output<typeof hostForm>>({
    resolver: zodResolver(hostForm),
    defaultValues: { assigned_host_id: booking.assigned_host_id ? String(booking.assigned_host_id) : '' },
  });
  // Controlled: the hosts arrive after the form, and the stored host must show once its option exists.
  const watched = form.watch('assigned_host_id');
  const selected = typeof watched === 'string' ? watched : '';

  const assign = useAction({
    call: ({ assigned_host_id }: z.output<typeof hostForm>) => detailCalls.patch(booking, { assigned_host_id }),
    success: 'Host assigned successfully',
    failure: 'Failed to assign host',
    ...writesBooking(booking.id),
  });

  return (
    <Section title="Host Assignment" id="host">
      <dl className="mb-4">
        <Info label="Current host">
          {booking.assigned_host_name ? `${booking.assigned_host_name}${booking.assigned_host_email ? ` (${booking.assigned_host_email})` : ''}` : 'No host assigned'}
        </Info>
      </dl>
      <form onSubmit={(e) => void form.handleSubmit(assign.run, toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
        <HostSelect hosts={hosts} label="Host" id="detail-host" value={selected} onChange={(value) => form.setValue('assigned_host_id', value)} />
        <Button type="submit" variant="primary" disabled={assign.isPending}>
          Assign Host
        </Button>
      </form>
    </Section>
  );
}
