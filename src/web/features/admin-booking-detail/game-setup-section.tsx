import type { AdminBooking } from '../../../shared/api/booking';
import { LOCK_SECTIONS, type LockSection } from '../../../shared/api/admin-booking-detail';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { GameControls } from './game-controls';
import { Badge, Button, Section } from '../../components/ui';
import { Info } from './ui';
import { useT, type KeyOf } from '../../lib/i18n';

const LOCK_FLAGS: Record<LockSection, keyof AdminBooking> = {
  locations: 'locked_locations',
  challenges: 'locked_challenges',
  game_area: 'locked_game_area',
  chicken: 'locked_chicken',
  host: 'locked_host',
  teams: 'locked_teams',
};

/** Each lockable section's name (shared LOCK_LABELS' English), in the reader's language. */
const LOCK_NAMES = {
  locations: 'setup.lockLocations',
  challenges: 'setup.lockChallenges',
  game_area: 'setup.lockGameArea',
  chicken: 'setup.lockChicken',
  host: 'setup.lockHost',
  teams: 'setup.lockTeams',
} as const satisfies Record<LockSection, KeyOf<'operations'>>;

export function GameSetupSection({ booking }: { booking: AdminBooking }) {
  const t = useT('operations');
  const nameOf = (section: LockSection) => t(LOCK_NAMES[section]);
  // One lock at a time: every Lock/Unlock waits while one is saved.
  const toggleLock = useAction({
    call: ({ section, locked }: { section: LockSection; locked: boolean }) => detailCalls.locks(booking, { [section]: !locked }),
    success: (_, { section, locked }) => t(locked ? 'setup.unlocked' : 'setup.locked', { section: nameOf(section) }),
    failure: ({ section, locked }) => t(locked ? 'setup.unlockFailed' : 'setup.lockFailed', { section: nameOf(section) }),
    ...writesBooking(booking.id),
  });

  const weaponsOn = booking.game?.weapons_on ?? false;
  return (
    <Section title={t('setup.title')} id="setup">
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tone={booking.game_activated ? 'green' : 'slate'}>{booking.game_activated ? t('setup.activated') : t('setup.inactive')}</Badge>
        <Badge tone={weaponsOn ? 'red' : 'slate'}>{weaponsOn ? t('setup.weaponsOn') : t('setup.weaponsOff')}</Badge>
      </div>
      <ul className="mb-4 grid gap-2 sm:grid-cols-2" aria-label={t('setup.locks')}>
        {LOCK_SECTIONS.map((section) => {
          const locked = booking[LOCK_FLAGS[section]] === true;
          const label = section === 'challenges' ? `${nameOf(section)} (${booking.added_challenges.length})` : nameOf(section);
          return (
            <li key={section} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2" data-testid={`lock-${section}`}>
              <span className="text-sm">
                {label} <Badge tone={locked ? 'amber' : 'green'}>{locked ? t('setup.isLocked') : t('setup.isUnlocked')}</Badge>
              </span>
              <Button
                variant="link"
                className="text-sm"
                disabled={toggleLock.isPending}
                aria-label={t(locked ? 'setup.unlockSection' : 'setup.lockSection', { section: nameOf(section) })}
                onClick={() => void toggleLock.run({ section, locked })}
              >
                {locked ? t('setup.unlock') : t('setup.lock')}
              </Button>
            </li>
          );
        })}
      </ul>
      <dl className="mb-4 grid gap-4 sm:grid-cols-2">
        <Info label={t('setup.chicken')}>
          {booking.assigned_chicken ?? t('setup.undecided')}
          {booking.assigned_chicken_email ? <span className="block text-sm text-slate-600">{booking.assigned_chicken_email}</span> : null}
        </Info>
        <Info label={t('host.host')}>
          {booking.assigned_host_name ?? (booking.hosted ? t('host.noHost') : t('setup.selfRun'))}
          {booking.assigned_host_email ? <span className="block text-sm text-slate-600">{booking.assigned_host_email}</span> : null}
        </Info>
      </dl>
      <GameControls booking={booking} />
    </Section>
  );
}
