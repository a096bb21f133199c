import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountMessageResponse,
  changePasswordBody,
  loginBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  userResponse,
} from '../../../shared/api/auth';
import { errorResponses } from '../../../shared/api/common';
import { authEndpoints } from '../../../shared/api/endpoints/auth';
import { UnauthenticatedError } from '../../lib/errors';
import { toUserDto } from '../../lib/user-dto';
import { csrfTokenFor, newVisitorToken, setSessionCookie } from '../../plugins/session';
import { changePassword, confirmPasswordReset, login, logout, requestPasswordReset } from './auth-service';

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

  app.post(
    '/api/auth/password',
    { schema: { tags: ['auth'], body: changePasswordBody, response: { 200: accountMessageResponse, ...errorResponses } } },
    async (request) => {
      const user = request.auth.user;
      if (!user) throw new UnauthenticatedError();
      await changePassword(db, {
        user,
        sessionKey: request.auth.sessionKey,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      });
      return { message: ACCOUNT_MESSAGES.changed };
    },
  );

  app.post(
    '/api/auth/password-reset',
    { schema: { tags: ['auth'], body: passwordResetRequestBody, response: { 200: accountMessageResponse, ...errorResponses } } },
    async (request) => {
      await requestPasswordReset(db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, { email: request.body.email, ip: request.ip });
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { tags: ['auth'], body: passwordResetConfirmBody, response: { 200: accountMessageResponse, ...errorResponses } } },
    async (request) => {
      await confirmPasswordReset(db, { token: request.body.token, password: request.body.password });
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );
};
