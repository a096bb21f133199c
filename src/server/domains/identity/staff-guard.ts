import { ForbiddenError, UnauthenticatedError } from '../../platform/errors';
import type { SessionUser } from './session-plugin';

/**
 * Staff who run games: an admin or a host (docs/decisions/0223-host-rights.md). 401 without a session, 403 for anyone
 * else. Which games a host may run is the host module's check, per game.
 */
export function requireStaffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthenticatedError();
  if (!user.isAdmin && !user.isHost) throw new ForbiddenError();
  return user;
}

/** An admin runs any game; a host only a game assigned to them (the game's host or the booking's assigned host). */
export function mayRunGame(user: SessionUser, hostId: number | null): boolean {
  if (user.isAdmin) return true;
  return user.isHost && hostId === user.id;
}
