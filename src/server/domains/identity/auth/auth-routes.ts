import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '../../../../shared/api/auth';
import { authEndpoints as endpoints } from '../../../../shared/api/endpoints/auth';
import { NotFoundError, TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../../platform/errors';
import { toAccountUserDto } from '../user-dto';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { csrfTokenFor, newVisitorToken, setSessionCookie } from '../session-plugin';
import { knownDeviceId, rememberDevice } from './known-device';
import {
  changePassword,
  checkResetLink,
  confirmPasswordReset,
  login,
  logout,
  requestPasswordReset,
  requestSignInLink,
  setAccountLanguage,
  signInByLink,
} from './auth-service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['auth'] };
  // A burst of failures is someone guessing passwords (or a broken sign-in): docs/OPERATIONS.md says when to alert.
  const loginsFailed = app.deps.metrics.counter({
    name: 'hatch_logins_failed_total',
    help: 'Staff sign-ins refused: wrong email or password, or too many tries',
    labelNames: ['reason'],
  });

  endpointRoute(app, endpoints.login, options, async (request, reply) => {
    const { user, token } = await login(db, {
      email: request.body.email,
      password: request.body.password,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      knownDevice: knownDeviceId(request, app.deps.csrfKey, request.body.email),
      mailer: { mail: app.deps.mail, baseUrl: app.deps.publicUrl },
    }).catch((error: unknown) => {
      if (error instanceof UnauthenticatedError) loginsFailed.inc({ reason: 'invalid_credentials' });
      if (error instanceof TooManyRequestsError) loginsFailed.inc({ reason: 'rate_limited' });
      throw error;
    });
    setSessionCookie(request, reply, token);
    rememberDevice(request, reply, app.deps.csrfKey, user.email);
    // The page's meta token belonged to the old session; the client swaps in this one.
    void reply.header('X-CSRF-TOKEN', csrfTokenFor(app.deps.csrfKey, token));
    return { user: toAccountUserDto(user) };
  });

  // The way in for a browser the password limits lock out (issue 36, decision 0528).
  endpointRoute(app, endpoints.requestSignInLink, options, async (request) => {
    const deps = { mail: app.deps.mail, baseUrl: app.deps.publicUrl };
    await requestSignInLink(db, deps, { email: request.body.email, ip: request.ip, now: new Date() });
    return { message: ACCOUNT_MESSAGES.signInLinkRequested };
  });

  // Not under the password limits (the link is the proof), but a wrong token counts as a guess like a reset link's.
  endpointRoute(app, endpoints.useSignInLink, options, async (request, reply) => {
    const { user, token } = await app.deps.codeGuesses.guard(request.ip, () =>
      signInByLink(db, { token: request.body.token, ip: request.ip, userAgent: request.headers['user-agent'] ?? null, now: new Date() }),
    );
    setSessionCookie(request, reply, token);
    // The browser that came in by the link is the owner's: it becomes a known device for this account.
    rememberDevice(request, reply, app.deps.csrfKey, user.email);
    void reply.header('X-CSRF-TOKEN', csrfTokenFor(app.deps.csrfKey, token));
    return { user: toAccountUserDto(user) };
  });

  endpointRoute(app, endpoints.logout, options, async (request, reply) => {
    await logout(db, request.auth.sessionKey);
    const token = newVisitorToken();
    setSessionCookie(request, reply, token);
    void reply.header('X-CSRF-TOKEN', csrfTokenFor(app.deps.csrfKey, token));
    return null;
  });

  endpointRoute(app, endpoints.me, options, async (request) => {
    if (!request.auth.user) throw new UnauthenticatedError();
    return { user: toAccountUserDto(request.auth.user) };
  });

  endpointRoute(app, endpoints.updateMe, options, async (request) => {
    if (!request.auth.user) throw new UnauthenticatedError();
    return { user: toAccountUserDto(await setAccountLanguage(db, request.auth.user.id, request.body.language)) };
  });

  endpointRoute(app, endpoints.changePassword, options, async (request) => {
    const user = request.auth.user;
    if (!user) throw new UnauthenticatedError();
    await changePassword(db, {
      user,
      sessionKey: request.auth.sessionKey,
      currentPassword: request.body.current_password,
      newPassword: request.body.new_password,
    });
    return { message: ACCOUNT_MESSAGES.changed };
  });

  endpointRoute(app, endpoints.requestPasswordReset, options, async (request) => {
    await requestPasswordReset(db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, { email: request.body.email, ip: request.ip });
    return { message: ACCOUNT_MESSAGES.resetRequested };
  });

  // A reset link's token is a guessable secret like a booking code: a wrong one counts against the address, and past
  // the limit both routes answer 429 (issue 28).
  endpointRoute(app, endpoints.checkPasswordReset, options, async (request) => {
    await app.deps.codeGuesses.guard(request.ip, () => checkResetLink(db, request.body.token));
    return { valid: true as const };
  });

  endpointRoute(app, endpoints.confirmPasswordReset, options, async (request) => {
    await app.deps.codeGuesses
      .guard(request.ip, () => checkResetLink(db, request.body.token))
      .catch((error: unknown) => {
        // Counted as a guess, and still said as the token's refusal (422), as the form expects it.
        throw error instanceof NotFoundError ? ValidationError.field('token', ACCOUNT_MESSAGES.resetInvalid) : error;
      });
    await confirmPasswordReset(db, { token: request.body.token, password: request.body.password });
    return { message: ACCOUNT_MESSAGES.resetDone };
  });
};
