import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, userResponse } from '../../../shared/api/auth';
import { errorResponses } from '../../../shared/api/common';
import { authEndpoints } from '../../../shared/api/endpoints/auth';
import { UnauthenticatedError } from '../../lib/errors';
import { toUserDto } from '../../lib/user-dto';
import { csrfTokenFor, newVisitorToken, setSessionCookie } from '../../plugins/session';
import { login, logout } from './auth-service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: loginBody, response: { 200: userResponse, ...errorResponses } } },
    async (request, reply) => {
      const { user, token } = await login(db, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(request, reply, token);
      // The page's meta token belonged to the old session; the client swaps in this one.
      void reply.header('X-CSRF-TOKEN', csrfTokenFor(app.deps.csrfKey, token));
      return { user: toUserDto(user) };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 204: authEndpoints.logout.response, ...errorResponses } } },
    async (request, reply) => {
      await logout(db, request.auth.sessionKey);
      const token = newVisitorToken();
      setSessionCookie(request, reply, token);
      void reply.header('X-CSRF-TOKEN', csrfTokenFor(app.deps.csrfKey, token));
      return reply.code(204).send(null);
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: userResponse, ...errorResponses } } }, async (request) => {
    if (!request.auth.user) throw new UnauthenticatedError();
    return { user: toUserDto(request.auth.user) };
  });
};
