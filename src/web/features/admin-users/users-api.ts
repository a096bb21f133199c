import type { User } from '../../../shared/api/auth';
import { userResponse, usersResponse, type CreateUserBody, type UpdateRolesBody, type UpgradeUserBody } from '../../../shared/api/users';
import { apiRequest } from '../../lib/api-client';

export const usersKey = ['admin', 'users'] as const;

export function fetchUsers(): Promise<User[]> {
  return apiRequest('/api/admin/users', { schema: usersResponse }).then((r) => r.users);
}

export function createUser(body: CreateUserBody): Promise<User> {
  return apiRequest('/api/admin/users', { method: 'POST', body, schema: userResponse }).then((r) => r.user);
}

export function upgradeUser(body: UpgradeUserBody): Promise<User> {
  return apiRequest('/api/admin/users/upgrade', { method: 'POST', body, schema: userResponse }).then((r) => r.user);
}

export function updateRoles(id: number, body: UpdateRolesBody): Promise<User> {
  return apiRequest(`/api/admin/users/${id}/roles`, { method: 'PATCH', body, schema: userResponse }).then((r) => r.user);
}

export function removeRoles(id: number): Promise<User> {
  return apiRequest(`/api/admin/users/${id}/roles`, { method: 'DELETE', schema: userResponse }).then((r) => r.user);
}
