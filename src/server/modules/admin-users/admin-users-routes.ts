import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { createUserBody, hostsResponse, updateRolesBody, upgradeUserBody, userResponse, usersResponse } from '../../../shared/api/users';
import { requireAdmin } from '../../plugins/admin-guard';
import type { FastifyRequest } from 'fastify';
import { createUser, getHosts, getUsers, removeRoles, updateRoles, upgradeUser, type Actor } from './admin-users-service';

function actorOf(request: FastifyRequest): Actor {
  return { id: requireAdmin(request.auth.user).id, sessionKey: request.auth.sessionKey };
}

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin: users'];

  app.get('/users', { schema: { tags, response: { 200: usersResponse, ...errorResponses } } }, async () => ({ users: await getUsers(db) }));

  app.get('/hosts', { schema: { tags, response: { 200: hostsResponse, ...errorResponses } } }, async () => ({ hosts: await getHosts(db) }));

  app.post(
    '/users',
    { schema: { tags, body: createUserBody, response: { 201: userResponse, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ user: await createUser(db, actorOf(request), request.body) }),
  );

  app.post(
    '/users/upgrade',
    { schema: { tags, body: upgradeUserBody, response: { 200: userResponse, ...errorResponses } } },
    async (request) => ({ user: await upgradeUser(db, actorOf(request), request.body) }),
  );

  app.patch(
    '/users/:id/roles',
    { schema: { tags, params: idParam, body: updateRolesBody, response: { 200: userResponse, ...errorResponses } } },
    async (request) => ({ user: await updateRoles(db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/users/:id/roles',
    { schema: { tags, params: idParam, response: { 200: userResponse, ...errorResponses } } },
    async (request) => ({ user: await removeRoles(db, actorOf(request), request.params.id) }),
  );
};
