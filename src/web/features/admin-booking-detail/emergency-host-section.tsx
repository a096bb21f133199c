import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { emergencyHostBody } from '../../../shared/api/admin-booking-detail';
import { toastFirstError } from '../../lib/form-errors';
import { detailCalls, useDetailAction } from './detail-api';
import { Button, Field, Input, Section } from '../../components/ui';
import { Info, orDash } from './ui';

const emergencyHostForm = emergencyHostBody.pick({ host_id: true });

/** Only when a game exists: hand the running game to another host by user ID. */
export function EmergencyHostSection({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const form = useForm<z.input<typeof emergencyHostForm>, unknown, z.output<typeof emergencyHostForm>>({ resolver: zodResolver(emergencyHostForm), defaultValues: { host_id: '' } });

  async function onSubmit({ host_id }: z.output<typeof emergencyHostForm>) {
    const done = await run(() => detailCalls.emergencyHost(booking, String(host_id)), {
      success: 'Emergency host change successful',
      failure: 'Failed to change host',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    if (done) form.reset();
  }

  return (
    <Section title="Emergency Host Change" id="emergency-host">
      <dl className="mb-4">
        <Info label="Game host user ID">{orDash(booking.game?.host_id)}</Info>
      </dl>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit, toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
        <Field label="New host user ID" id="detail-emergency-host">
          <Input inputMode="numeric" {...form.register('host_id')} />
        </Field>
        <Button type="submit" variant="danger" disabled={form.formState.isSubmitting}>
          Change Host
        </Button>
      </form>
    </Section>
  );
}
