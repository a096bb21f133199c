import type { FastifyInstance } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../../platform/errors';
import type { SessionUser } from './session-plugin';

/** 401 without a session, 403 for a user who is not an admin (host-only users are not admins). */
export function requireAdmin(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthenticatedError();
  if (!user.isAdmin) throw new ForbiddenError();
  return user;
}

/**
 * Every route registered inside this scope is an admin route. The check runs on request, before the
 * body is parsed, so an outsider learns nothing from validation messages.
 */
export function guardAdminScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    requireAdmin(request.auth.user);
  });
}
