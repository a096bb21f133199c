import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { locationsBody } from '../../../shared/api/booker-game';
import { saveLocations } from './booker-api';
import { SpotStatusBadge } from '../../components/spot-status-badge';
import { Button, Field, FieldError, Input, Textarea } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';
import { PageSection } from './booker-ui';

type Spot = 'meeting_point' | 'hiding_spot';
type SpotWords = {
  title: KeyOf<'booker'>;
  help: KeyOf<'booker'>;
  ownedNote: KeyOf<'booker'>;
  address: KeyOf<'booker'>;
  sent: KeyOf<'booker'>;
  failed: KeyOf<'booker'>;
};
const TITLES: Record<Spot, SpotWords> = {
  meeting_point: {
    title: 'meetingPoint',
    help: 'meetingPointHelp',
    ownedNote: 'meetingPointOwned',
    address: 'meetingPointAddress',
    sent: 'meetingPointSent',
    failed: 'meetingPointFailed',
  },
  hiding_spot: {
    title: 'hidingSpot',
    help: 'hidingSpotHelp',
    ownedNote: 'hidingSpotOwned',
    address: 'hidingSpotAddress',
    sent: 'hidingSpotSent',
    failed: 'hidingSpotFailed',
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
  const t = useT('booker');
  const ruleText = useMessageText();
  const said = (message: string | undefined) => (message ? ruleText(message) : undefined);
  const words = TITLES[spot];
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (body: z.output<typeof locationsBody>) => saveLocations(booking, body),
    success: t(words.sent),
    failure: t(words.failed),
    onSuccess: onSaved,
  });
  const changed = addressText.trim() !== (address ?? '') || notesText.trim() !== (notes ?? '');

  return (
    <div className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid={`spot-${spot}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-slate-900">{t(words.title)}</h3>
        <SpotStatusBadge status={status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">{t(words.help)}</p>
      {readOnly ? (
        <div className="mt-3">
          <p className="font-medium text-slate-900">{address ?? t('notSet')}</p>
          {notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{notes}</p> : null}
          {staffOwned ? <p className="mt-2 text-sm text-slate-600">{t(words.ownedNote)}.</p> : null}
        </div>
      ) : (
        <form className="mt-3 space-y-3" onSubmit={(e) => void form.handleSubmit(run)(e)}>
          <Field label={t(words.address)} size="lg" error={said(errors[addressKey]?.message)}>
            <Input maxLength={300} placeholder={t('notSet')} {...form.register(addressKey)} />
          </Field>
          <Field label={t('notesForTeam')} size="lg" error={said(errors[notesKey]?.message)}>
            <Textarea rows={2} maxLength={2000} {...form.register(notesKey)} />
          </Field>
          <p className="text-sm text-slate-600">{t('weCheckProposals')}</p>
          <Button type="submit" variant="primary" size="lg" disabled={!changed || saving}>
            {saving ? t('sending') : addressText.trim() === '' && address ? t('withdrawProposal') : t('propose')}
          </Button>
          <FieldError className="mt-2" message={error} />
        </form>
      )}
    </div>
  );
}

export function LocationsSection({ booking, onSaved }: Props) {
  const t = useT('booker');
  return (
    <PageSection id="locations" title={t('locationsTitle')} locked={booking.locked_locations}>
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
    </PageSection>
  );
}
