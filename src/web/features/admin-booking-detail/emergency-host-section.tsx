import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { emergencyHostBody } from '../../../shared/api/admin-booking-detail';
import { toastFirstError } from '../../lib/form-errors';
import { notifyError } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { detailCalls, fetchHosts, hostsQueryKey, writesBooking } from './detail-api';
import { Button, Field, Section, Select } from '../../components/ui';
import { Info } from './ui';

const emergencyHostForm = emergencyHostBody.pick({ host_id: true });

/** Only when a game exists: hand the running game to another host, picked from the hosts by name and email. */
export function EmergencyHostSection({ booking }: { booking: AdminBooking }) {
  const hosts = useQuery({ queryKey: hostsQueryKey, queryFn: fetchHosts, retry: false, staleTime: 60_000 });
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
  const failed = hosts.isError;
  useEffect(() => {
    if (failed) notifyError('Failed to load hosts');
  }, [failed]);

  const gameHostId = booking.game?.host_id ?? null;
  const gameHost = gameHostId === null ? null : hosts.data?.find((h) => h.id === gameHostId);

  return (
    <Section title="Emergency Host Change" id="emergency-host">
      <dl className="mb-4">
        <Info label="Game host">{gameHostId === null ? '—' : gameHost ? `${gameHost.name} (${gameHost.email})` : `User ${gameHostId}`}</Info>
      </dl>
      <form onSubmit={(e) => void form.handleSubmit(({ host_id }) => change.run(String(host_id)), toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
        <Field label="New host" id="detail-emergency-host" className="min-w-48 flex-1">
          <Select disabled={hosts.isPending} value={selected} onChange={(e) => form.setValue('host_id', e.target.value)}>
            <option value="">{hosts.isPending ? 'Loading...' : failed ? 'Hosts could not be loaded' : 'Select a host'}</option>
            {(hosts.data ?? []).map((h) => (
              <option key={h.id} value={String(h.id)}>
                {h.name} ({h.email})
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="danger" disabled={change.isPending}>
          Change Host
        </Button>
      </form>
    </Section>
  );
}
