import type { bookings } from './tables/bookings';
import type { LockSection } from '../../../shared/api/admin-booking-detail';
import { BOOKER_MESSAGES } from '../../../shared/api/booker-game';
import { AppError } from '../../platform/errors';

/** A section staff locked: the booker's change is refused and nothing is written. */
export class LockedError extends AppError {
  constructor(message: string) {
    super(423, message);
  }
}

type BookingLocks = Pick<
  typeof bookings.$inferSelect,
  'lockedLocations' | 'lockedChallenges' | 'lockedGameArea' | 'lockedChicken' | 'lockedHost' | 'lockedTeams'
>;

const LOCKS: Record<LockSection, { flag: keyof BookingLocks; message: string }> = {
  locations: { flag: 'lockedLocations', message: BOOKER_MESSAGES.locationsLocked },
  challenges: { flag: 'lockedChallenges', message: BOOKER_MESSAGES.challengesLocked },
  game_area: { flag: 'lockedGameArea', message: BOOKER_MESSAGES.gameAreaLocked },
  chicken: { flag: 'lockedChicken', message: BOOKER_MESSAGES.chickenLocked },
  host: { flag: 'lockedHost', message: BOOKER_MESSAGES.hostLocked },
  teams: { flag: 'lockedTeams', message: BOOKER_MESSAGES.teamsLocked },
};

/**
 * 423 when staff locked one of these sections. The one rule for every way a booker changes a booking: the set-up
 * pages by game code and the booking's own PATCH (by session or code) alike.
 */
export function assertSectionsUnlocked(booking: BookingLocks, sections: Iterable<LockSection>): void {
  for (const section of sections) {
    const lock = LOCKS[section];
    if (booking[lock.flag]) throw new LockedError(lock.message);
  }
}
