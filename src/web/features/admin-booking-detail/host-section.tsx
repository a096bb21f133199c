import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { detailPatchBody, emergencyHostBody } from '../../../shared/api/admin-booking-detail';
import { isInPlay } from '../../../shared/lifecycle/game-states';
import { useT } from '../../lib/i18n';
import { useAction } from '../../lib/use-action';
import { detailCalls, hostAvailabilityRoot, writesBooking } from './detail-api';
import { bookingFactsChanged } from '../../lib/booking-facts-data';
import { HostSelect, useHostAvailability, useHosts } from './host-select';
import { Button, Section } from '../../components/ui';
import { Info } from './ui';
import { useToastFirstError } from '../../lib/form-errors';

// The select holds the id as text ('' for none); the shared rules judge it.
const assignForm = z.object({ assigned_host_id: z.preprocess((v) => (v === '' ? undefined : Number(v)), detailPatchBody.shape.assigned_host_id.unwrap()) });
const emergencyForm = emergencyHostBody.pick({ host_id: true });

/**
 * The booking's one host panel (issue 28 merged Host Assignment and Emergency Host Change: the second showed the
 * game's own host, "—", beside the host just assigned). The server keeps one host for the booking and its game, so the
 * panel names it once. Shown for a hosted booking and for any booking with a game. Before the game is in play the
 * host is assigned (PATCH, 'Host assigned successfully'); while players wait in the lobby or play, the change is the
 * emergency one, which hands the running game over at once ('Emergency host change successful').
 */
export function HostSection({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const emergency = isInPlay(booking.game?.status ?? null);
  const current = booking.assigned_host_name
    ? `${booking.assigned_host_name}${booking.assigned_host_email ? ` (${booking.assigned_host_email})` : ''}`
    : t('host.noHost');
  return (
    <Section title={t('host.title')} id="host">
      <dl className="mb-4">
        <Info label={t('host.current')}>{current}</Info>
      </dl>
      {emergency ? <EmergencyForm booking={booking} /> : <AssignForm booking={booking} />}
    </Section>
  );
}

/** A host change frees one host and takes another: every booking's picker reads who is free again. */
const writesHost = (id: number) => ({ ...writesBooking(id), invalidates: [...bookingFactsChanged, hostAvailabilityRoot] });

function AssignForm({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const toastFirstError = useToastFirstError();
  const hosts = useHosts();
  const availability = useHostAvailability(booking.id);
  const form = useForm<z.input<typeof assignForm>, unknown, z.output<typeof assignForm>>({
    resolver: zodResolver(assignForm),
    defaultValues: { assigned_host_id: booking.assigned_host_id ? String(booking.assigned_host_id) : '' },
  });
  // Controlled: the hosts arrive after the form, and the stored host must show once its option exists.
  const watched = form.watch('assigned_host_id');
  const selected = typeof watched === 'string' ? watched : '';
  const assign = useAction({
    call: ({ assigned_host_id }: z.output<typeof assignForm>) => detailCalls.patch(booking, { assigned_host_id }),
    success: t('host.assigned'),
    failure: t('host.assignFailed'),
    ...writesHost(booking.id),
  });
  return (
    <form onSubmit={(e) => void form.handleSubmit(assign.run, toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
      <HostSelect
        hosts={hosts}
        availability={availability}
        label={t('host.host')}
        id="detail-host"
        value={selected}
        onChange={(value) => form.setValue('assigned_host_id', value)}
      />
      <Button type="submit" variant="primary" disabled={assign.isPending}>
        {t('host.assign')}
      </Button>
    </form>
  );
}

function EmergencyForm({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const toastFirstError = useToastFirstError();
  const hosts = useHosts();
  const availability = useHostAvailability(booking.id);
  const form = useForm<z.input<typeof emergencyForm>, unknown, z.output<typeof emergencyForm>>({
    resolver: zodResolver(emergencyForm),
    defaultValues: { host_id: '' },
  });
  const change = useAction({
    call: (hostId: string) => detailCalls.emergencyHost(booking, hostId),
    success: t('host.changed'),
    failure: t('host.changeFailed'),
    failureToast: 'server',
    ...writesHost(booking.id),
    onSuccess: () => form.reset(),
  });
  const watched = form.watch('host_id');
  const selected = typeof watched === 'string' ? watched : '';
  return (
    <>
      <p className="mb-2 text-sm text-slate-700">
        <strong>{t('host.emergencyTitle')}</strong>
        {t('host.emergencyNote')}
      </p>
      <form
        onSubmit={(e) => void form.handleSubmit(({ host_id }) => change.run(String(host_id)), toastFirstError)(e)}
        className="flex flex-wrap items-end gap-2"
      >
        <HostSelect
          hosts={hosts}
          availability={availability}
          label={t('host.newHost')}
          id="detail-emergency-host"
          value={selected}
          onChange={(value) => form.setValue('host_id', value)}
        />
        <Button type="submit" variant="danger" disabled={change.isPending}>
          {t('host.change')}
        </Button>
      </form>
    </>
  );
}
