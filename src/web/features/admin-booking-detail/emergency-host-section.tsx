import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { emergencyHostBody } from '../../../shared/api/admin-booking-detail';
import { toastFirstError } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { HostSelect, useHosts } from './host-select';
import { Button, Section } from '../../components/ui';
import { Info } from './ui';

const emergencyHostForm = emergencyHostBody.pick({ host_id: true });

/** Only when a game exists: hand the running game to another host, picked from the hosts by name and email. */
export function EmergencyHostSection({ booking }: { booking: AdminBooking }) {
  const hosts = useHosts();
  const form = useForm<z.input<typeof emergencyHostForm>, unknown, z.output<typeof emergencyHostForm>>({ resolver: zodResolver(emergencyHostForm), defaultValues: { host_id: '' } });
  const change = useAction({
    call: (hostId: string) => detailCalls.emergencyHost(booking, hostId),
    success: 'Emergency host change successful',
    failure: 'Failed to change host',
    failureToast: 'server',
    ...writesBooking(booking.id),
    onSuccess: () => form.reset(),
  });
  const watched = form.watch('host_id');
  const selected = typeof watched === 'string' ? watched : '';

  const gameHostId = booking.game?.host_id ?? null;
  const gameHost = gameHostId === null ? null : hosts.data?.find((h) => h.id === gameHostId);

  return (
    <Section title="Emergency Host Change" id="emergency-host">
      <dl className="mb-4">
        <Info label="Game host">{gameHostId === null ? '—' : gameHost ? `${gameHost.name} (${gameHost.email})` : `User ${gameHostId}`}</Info>
      </dl>
      <form onSubmit={(e) => void form.handleSubmit(({ host_id }) => change.run(String(host_id)), toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
        <HostSelect hosts={hosts} label="New host" id="detail-emergency-host" value={selected} onChange={(value) => form.setValue('host_id', value)} />
        <Button type="submit" variant="danger" disabled={change.isPending}>
          Change Host
        </Button>
      </form>
    </Section>
  );
}
