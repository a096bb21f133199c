import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { adminUsersEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-users';
import { requireAdmin } from '../admin-guard';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createUser, getHosts, getUsers, removeRoles, updateRoles, upgradeUser, type Actor } from './admin-users-service';

function actorOf(request: FastifyRequest): Actor {
  return { id: requireAdmin(request.auth.user).id, sessionKey: request.auth.sessionKey };
}

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: users'] };

  endpointRoute(app, endpoints.list, options, async () => ({ users: await getUsers(db) }));
  endpointRoute(app, endpoints.hosts, options, async () => ({ hosts: await getHosts(db) }));
  endpointRoute(app, endpoints.create, options, async (request) => ({ user: await createUser(db, actorOf(request), request.body) }));
  endpointRoute(app, endpoints.upgrade, options, async (request) => ({ user: await upgradeUser(db, actorOf(request), request.body) }));
  endpointRoute(app, endpoints.updateRoles, options, async (request) => ({ user: await updateRoles(db, actorOf(request), request.params.id, request.body) }));
  endpointRoute(app, endpoints.removeRoles, options, async (request) => ({ user: await removeRoles(db, actorOf(request), request.params.id) }));
};
