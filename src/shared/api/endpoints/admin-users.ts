import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { createUserBody, hostsResponse, updateRolesBody, upgradeUserBody, userResponse, usersResponse } from '../users';

export const adminUsersEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/users', response: usersResponse }),
  hosts: defineEndpoint({ method: 'GET', path: '/api/admin/hosts', response: hostsResponse }),
  create: defineEndpoint({ method: 'POST', path: '/api/admin/users', body: createUserBody, response: userResponse, status: 201 }),
  upgrade: defineEndpoint({ method: 'POST', path: '/api/admin/users/upgrade', body: upgradeUserBody, response: userResponse }),
  updateRoles: defineEndpoint({ method: 'PATCH', path: '/api/admin/users/:id/roles', params: idParam, body: updateRolesBody, response: userResponse }),
  removeRoles: defineEndpoint({ method: 'DELETE', path: '/api/admin/users/:id/roles', params: idParam, response: userResponse }),
};
