import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminBooking } from '../../../shared/api/booking';
import { detailPatchBody } from '../../../shared/api/admin-booking-detail';
import { useT, type KeyOf, type Translate } from '../../lib/i18n';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { Button, Field, Input, Section } from '../../components/ui';
import { SpotStatusBadge } from '../../components/spot-status-badge';
import { Info, orDash } from './ui';
import { useToastFirstError } from '../../lib/form-errors';

type Kind = 'meeting' | 'hiding';

/** Each spot's words, as keys of the operations catalogue. */
const SPOT_WORDS = {
  meeting: {
    title: 'locations.meeting',
    success: 'locations.meetingSet',
    failure: 'locations.meetingFailed',
    confirm: 'locations.confirmMeeting',
    address: 'locations.meetingAddress',
    save: 'locations.setMeeting',
  },
  hiding: {
    title: 'locations.hiding',
    success: 'locations.hidingSet',
    failure: 'locations.hidingFailed',
    confirm: 'locations.confirmHiding',
    address: 'locations.hidingAddress',
    save: 'locations.updateHiding',
  },
} as const satisfies Record<Kind, Record<string, KeyOf<'operations'>>>;

/** Who set a spot: staff ('admin') or the booker; anything else as stored. */
const OWNER_WORDS = { admin: 'locations.setByStaff', booker: 'locations.setByBooker' } as const satisfies Record<string, KeyOf<'operations'>>;
const isKnownOwner = (owner: string): owner is keyof typeof OWNER_WORDS => Object.hasOwn(OWNER_WORDS, owner);

/** One write for both spots: setting an address, or confirming the one the booker proposed, confirms it as staff's. */
const spotSaved = (kind: Kind, t: Translate<'operations'>) => ({ success: t(SPOT_WORDS[kind].success), failure: t(SPOT_WORDS[kind].failure) });
const saveSpot = (booking: AdminBooking, kind: Kind, address: string) =>
  detailCalls.patch(booking, kind === 'meeting' ? { meeting_point_address: address } : { hiding_spot_address: address });

export function LocationsSection({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  return (
    <Section title={t('locations.title')} id="locations">
      <div className="space-y-6">
        <Location booking={booking} kind="meeting" />
        <Location booking={booking} kind="hiding" />
        {booking.admin_venue_notes ? (
          <dl>
            <Info label={t('locations.venueNotes')}>{booking.admin_venue_notes}</Info>
          </dl>
        ) : null}
      </div>
    </Section>
  );
}

function Location({ booking, kind }: { booking: AdminBooking; kind: Kind }) {
  const t = useT('operations');
  const meeting = kind === 'meeting';
  const address = meeting ? booking.meeting_point_address : booking.hiding_spot_address;
  const status = meeting ? booking.meeting_point_status : booking.hiding_spot_status;
  const owner = meeting ? booking.meeting_point_owner : booking.hiding_spot_owner;
  const notes = meeting ? booking.meeting_point_notes : booking.hiding_spot_notes;
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid={`location-${kind}`}>
      <div className="mb-2 flex items-center gap-2">
        <h3 className="font-semibold">{t(SPOT_WORDS[kind].title)}</h3>
        <SpotStatusBadge status={status} />
        {owner ? <span className="text-xs text-slate-500">{isKnownOwner(owner) ? t(OWNER_WORDS[owner]) : t('locations.setBy', { owner })}</span> : null}
      </div>
      <dl className="mb-3 grid gap-2">
        <Info label={t('locations.address')}>{orDash(address)}</Info>
        <Info label={t('locations.notes')}>{orDash(notes)}</Info>
      </dl>
      {status === 'requested' && address ? <ConfirmSpot booking={booking} kind={kind} address={address} /> : null}
      {/* Keyed on the stored address: a reload after someone else's change refills the field. */}
      <LocationForm key={address ?? ''} booking={booking} kind={kind} initial={address ?? ''} />
    </div>
  );
}

/**
 * Confirms the spot the booker proposed (status 'requested', issue 28: it had no Confirm), exactly as stored: the
 * stored address with the version shown, so a proposal changed since is refused (409) instead of confirmed unseen.
 */
function ConfirmSpot({ booking, kind, address }: { booking: AdminBooking; kind: Kind; address: string }) {
  const t = useT('operations');
  const confirm = useAction({ call: () => saveSpot(booking, kind, address), ...spotSaved(kind, t), ...writesBooking(booking.id) });
  return (
    <p className="mb-3">
      <Button variant="primary" aria-label={t(SPOT_WORDS[kind].confirm)} disabled={confirm.isPending} onClick={() => void confirm.run()}>
        {t('locations.confirm')}
      </Button>
    </p>
  );
}

const locationForms = {
  meeting: z.object({ address: detailPatchBody.shape.meeting_point_address.unwrap() }),
  hiding: z.object({ address: detailPatchBody.shape.hiding_spot_address.unwrap() }),
};

function LocationForm({ booking, kind, initial }: { booking: AdminBooking; kind: Kind; initial: string }) {
  const t = useT('operations');
  const toastFirstError = useToastFirstError();
  const schema = locationForms[kind];
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { address: initial } });
  const inputId = `detail-${kind}-address`;

  const save = useAction({
    call: ({ address }: z.output<typeof schema>) => saveSpot(booking, kind, address),
    ...spotSaved(kind, t),
    ...writesBooking(booking.id),
  });

  return (
    <form onSubmit={(e) => void form.handleSubmit(save.run, toastFirstError)(e)} className="flex flex-wrap items-end gap-2">
      <Field label={t(SPOT_WORDS[kind].address)} id={inputId} className="min-w-48 flex-1">
        <Input maxLength={500} {...form.register('address')} />
      </Field>
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {t(SPOT_WORDS[kind].save)}
      </Button>
    </form>
  );
}
