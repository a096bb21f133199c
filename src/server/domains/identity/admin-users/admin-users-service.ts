import type { Db, Tx } from '../../../platform/db/client';
import { recordActivity } from '../activity';
import { hashPassword } from '../../../platform/crypto';
import { isUniqueViolation } from '../../../platform/db/db-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { endUserSessions } from '../sessions';
import { toUserDto } from '../user-dto';
import type { User } from '../../../../shared/api/auth';
import { USER_MESSAGES, type CreateUserBody, type Host, type UpdateRolesBody, type UpgradeUserBody } from '../../../../shared/api/users';
import { findUserByEmail, findUserById, insertUser, listHosts, listUsers, setUserRoles, type UserRecord } from './admin-users-repository';

/** Who makes the change: their id, and the session they use (kept when they edit their own roles). */
export type Actor = { id: number; sessionKey: string | null };

const roles = (u: { isAdmin: boolean; isHost: boolean }) => ({ is_admin: u.isAdmin, is_host: u.isHost });

export async function getUsers(db: Db): Promise<User[]> {
  return (await listUsers(db)).map(toUserDto);
}

export async function getHosts(db: Db): Promise<Host[]> {
  return listHosts(db);
}

export async function createUser(db: Db, actor: Actor, input: CreateUserBody): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw ValidationError.field('email', USER_MESSAGES.emailTaken);
      const row = await insertUser(tx, { name: input.name, email: input.email, passwordHash, isAdmin: input.is_admin, isHost: input.is_host });
      await recordActivity(tx, {
        actorId: actor.id,
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        subjectUserId: row.id,
        before: null,
        after: { name: row.name, email: row.email, ...roles(row) },
      });
      return toUserDto(row);
    });
  } catch (error) {
    // Two admins adding the same email at once: the unique index decides, the loser gets the same message.
    if (isUniqueViolation(error)) throw ValidationError.field('email', USER_MESSAGES.emailTaken);
    throw error;
  }
}

/** Writes new flags, logs before/after and ends the user's sessions; nothing happens when nothing changes. */
async function applyRoles(tx: Tx, actor: Actor, user: UserRecord, next: { isAdmin: boolean; isHost: boolean }, action: string): Promise<UserRecord> {
  if (user.id === actor.id && user.isAdmin && !next.isAdmin) throw new ConflictError(USER_MESSAGES.ownAdminRole);
  if (user.isAdmin === next.isAdmin && user.isHost === next.isHost) return user;
  const updated = await setUserRoles(tx, user.id, next);
  await recordActivity(tx, {
    actorId: actor.id,
    action,
    entityType: 'user',
    entityId: user.id,
    subjectUserId: user.id,
    before: roles(user),
    after: roles(updated),
  });
  // New rights take effect at the next login. An admin editing their own host flag keeps this session.
  await endUserSessions(tx, user.id, user.id === actor.id ? actor.sessionKey : null);
  return updated;
}

export async function upgradeUser(db: Db, actor: Actor, input: UpgradeUserBody): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.email, true);
    if (!user) throw new NotFoundError(USER_MESSAGES.unknownEmail);
    const next = { isAdmin: user.isAdmin || input.is_admin, isHost: user.isHost || input.is_host };
    return toUserDto(await applyRoles(tx, actor, user, next, 'user.upgrade'));
  });
}

export async function updateRoles(db: Db, actor: Actor, id: number, input: UpdateRolesBody): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, id, true);
    if (!user) throw new NotFoundError(USER_MESSAGES.userNotFound);
    return toUserDto(await applyRoles(tx, actor, user, { isAdmin: input.is_admin, isHost: input.is_host }, 'user.roles'));
  });
}

export async function removeRoles(db: Db, actor: Actor, id: number): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, id, true);
    if (!user) throw new NotFoundError(USER_MESSAGES.userNotFound);
    return toUserDto(await applyRoles(tx, actor, user, { isAdmin: false, isHost: false }, 'user.roles_removed'));
  });
}
