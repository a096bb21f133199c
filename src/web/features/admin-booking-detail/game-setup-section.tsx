import type { AdminBooking } from '../../../shared/api/booking';
import { LOCK_LABELS, LOCK_SECTIONS, type LockSection } from '../../../shared/api/admin-booking-detail';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { GameControls } from './game-controls';
import { Badge, Button, Section } from '../../components/ui';
import { Info } from './ui';

const LOCK_FLAGS: Record<LockSection, keyof AdminBooking> = {
  locations: 'locked_locations',
  challenges: 'locked_challenges',
  game_area: 'locked_game_area',
  chicken: 'locked_chicken',
  host: 'locked_host',
  teams: 'locked_teams',
};

export function GameSetupSection({ booking }: { booking: AdminBooking }) {
  // One lock at a time: every Lock/Unlock waits while one is saved.
  const toggleLock = useAction({
    call: ({ section, locked }: { section: LockSection; locked: boolean }) => detailCalls.locks(booking, { [section]: !locked }),
    success: (_, { section, locked }) => `${LOCK_LABELS[section]} ${locked ? 'unlocked' : 'locked'} successfully`,
    failure: ({ section, locked }) => `Failed to ${locked ? 'unlock' : 'lock'} ${LOCK_LABELS[section]}`,
    ...writesBooking(booking.id),
  });

  const weaponsOn = booking.game?.weapons_on ?? false;
  return (
    <Section title="Game Setup Status" id="setup">
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={booking.game_activated ? 'green' : 'slate'}>{booking.game_activated ? 'Activated' : 'Inactive'}</Badge>
        <Badge tone={weaponsOn ? 'red' : 'slate'}>{weaponsOn ? 'Weapons enabled' : 'Weapons disabled'}</Badge>
      </div>
      <ul className="mb-4 grid gap-2 sm:grid-cols-2" aria-label="Locks">
        {LOCK_SECTIONS.map((section) => {
          const locked = booking[LOCK_FLAGS[section]] === true;
          const label = section === 'challenges' ? `${LOCK_LABELS[section]} (${booking.added_challenges.length})` : LOCK_LABELS[section];
          return (
            <li key={section} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2" data-testid={`lock-${section}`}>
              <span className="text-sm">
                {label} <Badge tone={locked ? 'amber' : 'green'}>{locked ? 'Locked' : 'Unlocked'}</Badge>
              </span>
              <Button
                variant="link"
                className="text-sm"
                disabled={toggleLock.isPending}
                aria-label={`${locked ? 'Unlock' : 'Lock'} ${LOCK_LABELS[section]}`}
                onClick={() => void toggleLock.run({ section, locked })}
              >
                {locked ? 'Unlock' : 'Lock'}
              </Button>
            </li>
          );
        })}
      </ul>
      <dl className="mb-4 grid gap-4 sm:grid-cols-2">
        <Info label="Assigned chicken">
          {booking.assigned_chicken ?? 'Undecided'}
          {booking.assigned_chicken_email ? <span className="block text-sm text-slate-600">{booking.assigned_chicken_email}</span> : null}
        </Info>
        <Info label="Host">
          {booking.assigned_host_name ?? (booking.hosted ? 'No host assigned' : 'Self-run (no host)')}
          {booking.assigned_host_email ? <span className="block text-sm text-slate-600">{booking.assigned_host_email}</span> : null}
        </Info>
      </dl>
      <GameControls booking={booking} />
    </Section>
  );
}
