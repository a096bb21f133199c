import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { BOOKER_MESSAGES, locationsBody } from '../../../shared/api/booker-game';
import { saveLocations } from './booker-api';
import { SpotStatusBadge } from '../../components/spot-status-badge';
import { Button, Field, FieldError, Input, Section, Textarea } from '../../components/ui';
import { useAction } from '../../lib/use-action';

type Spot = 'meeting_point' | 'hiding_spot';
const TITLES: Record<Spot, { title: string; help: string; ownedNote: string }> = {
  meeting_point: {
    title: 'Meeting point',
    help: 'Where your group gathers before the hunt starts.',
    ownedNote: BOOKER_MESSAGES.meetingPointOwned,
  },
  hiding_spot: {
    title: 'Hiding spot',
    help: 'Where the Chicken hides: a pub, café or park the group can all reach. Only the Chicken is told.',
    ownedNote: BOOKER_MESSAGES.hidingSpotOwned,
  },
};

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

function SpotCard({ spot, booking, onSaved }: Props & { spot: Spot }) {
  const address = booking[`${spot}_address`];
  const notes = booking[`${spot}_notes`];
  const status = booking[`${spot}_status`];
  const staffOwned = booking[`${spot}_owner`] === 'admin';
  const readOnly = staffOwned || booking.locked_locations;
  const addressKey = `${spot}_address` as const;
  const notesKey = `${spot}_notes` as const;
  // The whole proposal body judged by the shared rule; this card fills in only its own spot's keys.
  const form = useForm<z.input<typeof locationsBody>, unknown, z.output<typeof locationsBody>>({
    resolver: zodResolver(locationsBody),
    defaultValues: { [addressKey]: address ?? '', [notesKey]: notes ?? '' },
  });
  const values = useWatch({ control: form.control });
  const addressText = values[addressKey] ?? '';
  const notesText = values[notesKey] ?? '';
  const { errors } = form.formState;
  const { title, help, ownedNote } = TITLES[spot];
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (body: z.output<typeof locationsBody>) => saveLocations(booking, body),
    success: `${title} sent to our team`,
    failure: `Failed to save the ${title.toLowerCase()}`,
    onSuccess: onSaved,
  });
  const changed = addressText.trim() !== (address ?? '') || notesText.trim() !== (notes ?? '');

  return (
    <div className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid={`spot-${spot}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-slate-900">{title}</h3>
        <SpotStatusBadge status={status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">{help}</p>
      {readOnly ? (
        <div className="mt-3">
          <p className="font-medium text-slate-900">{address ?? 'Not set'}</p>
          {notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{notes}</p> : null}
          {staffOwned ? <p className="mt-2 text-sm text-slate-600">{ownedNote}.</p> : null}
        </div>
      ) : (
        <form className="mt-3 space-y-3" onSubmit={(e) => void form.handleSubmit(run)(e)}>
          <Field label={`${title} address`} size="lg" error={errors[addressKey]?.message}>
            <Input maxLength={300} placeholder="Not set" {...form.register(addressKey)} />
          </Field>
          <Field label="Notes for our team" size="lg" error={errors[notesKey]?.message}>
            <Textarea rows={2} maxLength={2000} {...form.register(notesKey)} />
          </Field>
          <p className="text-sm text-slate-600">We check every proposal and confirm it by email.</p>
          <Button type="submit" variant="primary" size="lg" disabled={!changed || saving}>
            {saving ? 'Sending…' : addressText.trim() === '' && address ? 'Withdraw proposal' : 'Propose'}
          </Button>
          <FieldError className="mt-2" message={error} />
        </form>
      )}
    </div>
  );
}

export function LocationsSection({ booking, onSaved }: Props) {
  return (
    <Section look="page" id="locations" title="Meeting point and hiding spot" locked={booking.locked_locations}>
      <div className="grid gap-3 md:grid-cols-2">
        <SpotCard
          key={`m:${booking.meeting_point_address}:${booking.meeting_point_notes}:${booking.meeting_point_owner}`}
          spot="meeting_point"
          booking={booking}
          onSaved={onSaved}
        />
        <SpotCard
          key={`h:${booking.hiding_spot_address}:${booking.hiding_spot_notes}:${booking.hiding_spot_owner}`}
          spot="hiding_spot"
          booking={booking}
          onSaved={onSaved}
        />
      </div>
    </Section>
  );
}
