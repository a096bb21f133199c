import type { User } from '../../../shared/api/auth';
import { adminUsersEndpoints as ep } from '../../../shared/api/endpoints/admin-users';
import type { CreateUserBody, UpdateRolesBody, UpgradeUserBody } from '../../../shared/api/users';
import { api } from '../../lib/api-client';

export const usersKey = ['admin', 'users'] as const;

export function fetchUsers(): Promise<User[]> {
  return api(ep.list).then((r) => r.users);
}

export function createUser(body: CreateUserBody): Promise<User> {
  return api(ep.create, { body }).then((r) => r.user);
}

export function upgradeUser(body: UpgradeUserBody): Promise<User> {
  return api(ep.upgrade, { body }).then((r) => r.user);
}

export function updateRoles(id: number, body: UpdateRolesBody): Promise<User> {
  return api(ep.updateRoles, { params: { id }, body }).then((r) => r.user);
}

export function removeRoles(id: number): Promise<User> {
  return api(ep.removeRoles, { params: { id } }).then((r) => r.user);
}
