import { useId, useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { saveLocations } from './booker-api';
import { locationStatusText } from './booking-format';
import { Badge, buttonClass, FieldError, inputClass, labelClass, Section } from '../../components/ui';
import { useSaveAction } from '../../lib/use-save-action';

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
  const id = useId();
  const address = booking[`${spot}_address`];
  const notes = booking[`${spot}_notes`];
  const status = booking[`${spot}_status`];
  const staffOwned = booking[`${spot}_owner`] === 'admin';
  const readOnly = staffOwned || booking.locked_locations;
  const [addressText, setAddressText] = useState(address ?? '');
  const [notesText, setNotesText] = useState(notes ?? '');
  const { title, help, ownedNote } = TITLES[spot];
  const { run, saving, error } = useSaveAction(onSaved, { success: `${title} sent to our team`, failure: `Failed to save the ${title.toLowerCase()}` });
  const changed = addressText.trim() !== (address ?? '') || notesText.trim() !== (notes ?? '');

  return (
    <div className="rounded-xl border border-slate-200 p-3 sm:p-4" data-testid={`spot-${spot}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-slate-900">{title}</h3>
        <Badge tone={status === 'confirmed' ? 'green' : status === 'requested' ? 'amber' : 'slate'}>{locationStatusText(status)}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">{help}</p>
      {readOnly ? (
        <div className="mt-3">
          <p className="font-medium text-slate-900">{address ?? 'Not set'}</p>
          {notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{notes}</p> : null}
          {staffOwned ? <p className="mt-2 text-sm text-slate-600">{ownedNote}.</p> : null}
        </div>
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => saveLocations(booking, { [`${spot}_address`]: addressText, [`${spot}_notes`]: notesText }));
          }}
        >
          <div>
            <label htmlFor={`${id}-address`} className={labelClass('lg')}>
              {title} address
            </label>
            <input id={`${id}-address`} className={inputClass('lg')} maxLength={300} value={addressText} placeholder="Not set" onChange={(e) => setAddressText(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-notes`} className={labelClass('lg')}>
              Notes for our team
            </label>
            <textarea id={`${id}-notes`} className={inputClass('lg')} rows={2} maxLength={2000} value={notesText} onChange={(e) => setNotesText(e.target.value)} />
          </div>
          <p className="text-sm text-slate-600">We check every proposal and confirm it by email.</p>
          <button type="submit" className={buttonClass('primary', 'lg')} disabled={!changed || saving}>
            {saving ? 'Sending…' : addressText.trim() === '' && address ? 'Withdraw proposal' : 'Propose'}
          </button>
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
        <SpotCard key={`m:${booking.meeting_point_address}:${booking.meeting_point_notes}:${booking.meeting_point_owner}`} spot="meeting_point" booking={booking} onSaved={onSaved} />
        <SpotCard key={`h:${booking.hiding_spot_address}:${booking.hiding_spot_notes}:${booking.hiding_spot_owner}`} spot="hiding_spot" booking={booking} onSaved={onSaved} />
      </div>
    </Section>
  );
}
