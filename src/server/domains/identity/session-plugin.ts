import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions, users } from './tables/users';
import type { Db } from '../../platform/db/client';
import { hmac, randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { CsrfError } from '../../platform/errors';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions';
import { accountColumns } from './user-dto';
import type { Language } from '../../../shared/i18n/languages';

/** The signed-in staff member of a request; `language` is the one they keep for staff pages (null: not picked). */
export type SessionUser = { id: number; name: string; email: string; isAdmin: boolean; isHost: boolean; language: Language | null; createdAt: Date };

export type RequestAuth = {
  /** The raw session token from the cookie (anonymous visitors have one too). */
  token: string | null;
  /** sha256 of the token: what the database stores and what bookings remember as their creator. */
  sessionKey: string | null;
  user: SessionUser | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth;
  }
}

const TOUCH_EVERY_MS = 60 * 1000;
const ANONYMOUS: RequestAuth = Object.freeze({ token: null, sessionKey: null, user: null });
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only routes a mutating request may reach without the CSRF token, matched on the route the router chose (so no
 * spelling of another path gets in): the payment provider's webhook, which carries no session and whose signature,
 * verified on the raw body with the signing secret, is its proof (decision 0250). tests/api/route-security.test.ts
 * checks this list and that the route refuses an unsigned call.
 */
export const CSRF_EXEMPT_ROUTES: ReadonlySet<string> = new Set(['/api/payments/webhook']);

function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function sessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this host and path; browsers accept it over HTTPS only.
  return secure ? '__Host-hatch_session' : 'hatch_session';
}

export function csrfTokenFor(csrfKey: string, token: string): string {
  return hmac(csrfKey, `csrf:${sha256(token)}`);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isSecureRequest(request);
  void reply.setCookie(sessionCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

/**
 * Tokens say what they are for: a visitor's token can never belong to a session row (logging in always issues a
 * new token), so a visitor's requests skip the session query. Tokens without either prefix are looked up.
 */
const VISITOR_PREFIX = 'v_';
const SIGNED_IN_PREFIX = 's_';
export const newVisitorToken = () => `${VISITOR_PREFIX}${randomToken()}`;
export const newSignedInToken = () => `${SIGNED_IN_PREFIX}${randomToken()}`;

/** Each session cookie's value in a Cookie header, under either name (sessionCookieName). */
const SESSION_COOKIE_VALUES = /(?:^|;)\s*(?:__Host-)?hatch_session\s*=\s*([^;]*)/g;

/**
 * Whether a request may carry a signed-in session: a session cookie holding anything but a visitor's token. The
 * pipeline loads and touches such a session, so its request is never answered from a kept answer
 * (platform/http/hot-reads.ts); a visitor's cookie needs nothing there.
 */
export function mayCarrySignedInSession(request: Pick<IncomingMessage, 'headers'>): boolean {
  const cookie = request.headers.cookie;
  if (cookie === undefined) return false;
  for (const match of cookie.matchAll(SESSION_COOKIE_VALUES)) {
    if (!(match[1] ?? '').startsWith(VISITOR_PREFIX)) return true;
  }
  return false;
}

/** Gives an anonymous visitor a session token (no database row until they log in). */
export function ensureSessionToken(request: FastifyRequest, reply: FastifyReply): string {
  if (request.auth.token) return request.auth.token;
  const token = newVisitorToken();
  request.auth = { token, sessionKey: sha256(token), user: null };
  setSessionCookie(request, reply, token);
  return token;
}

async function loadUser(db: Db, sessionKey: string): Promise<SessionUser | null> {
  const now = new Date();
  const rows = await db
    .select({ ...accountColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionKey), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, sessionKey));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, sessionKey));
  }
  const { lastSeenAt: _ignored, ...user } = row;
  return user;
}

/** The outside API's routes (`/api/v1/…`), which an API key alone opens (domains/integrations). */
export const KEY_ONLY_PREFIX = '/api/v1/';

/**
 * Reads the session cookie on every API and page request, loads the user of a logged-in session,
 * and refuses any mutating call whose X-CSRF-TOKEN does not match the visitor's session.
 */
export function registerSession(app: FastifyInstance, db: Db, csrfKey: string): void {
  const authByRequest = new WeakMap<FastifyRequest, RequestAuth>();
  app.decorateRequest('auth', {
    getter() {
      return authByRequest.get(this) ?? ANONYMOUS;
    },
    setter(value) {
      authByRequest.set(this, value);
    },
  });
  // A callback hook that waits only when there is a user to load: a visitor's request (most of them, every hot read)
  // costs no promise and no extra turn of the event loop (issue 37).
  app.addHook('onRequest', (request, reply, done) => {
    // Decided on the route the router matched, never on the raw URL: the router decodes the path first, so
    // `/%61pi/bookings` reaches `/api/bookings` while its URL does not start `/api/`. Read once: each read of
    // request.routeOptions builds a new object (issue 37).
    const route = request.routeOptions.url ?? '';
    const raw = request.cookies[sessionCookieName(true)] ?? request.cookies[sessionCookieName(false)];
    const token = raw && /^[A-Za-z0-9_-]{20,100}$/.test(raw) ? raw : null;
    const sessionKey = token ? sha256(token) : null;
    // Without a token the getter's ANONYMOUS stands (the same value): no write per cookieless request.
    if (token !== null) request.auth = { token, sessionKey, user: null };
    // The outside API (decision 0560) is reached with an API key alone: no session is read or made there, so there is
    // nothing for a forged cross-site request to ride on and no CSRF token to ask for. Matched on the route the router
    // chose, like the rest.
    if (route.startsWith(KEY_ONLY_PREFIX)) {
      request.auth = ANONYMOUS;
      done();
      return;
    }
    const isApi = route.startsWith('/api/');
    // Every mutating request, whatever its path and whether or not a route matched: no spelling of a path skips it.
    if (MUTATING.has(request.method) && !CSRF_EXEMPT_ROUTES.has(route)) {
      const header = request.headers['x-csrf-token'];
      const sent = typeof header === 'string' ? header : '';
      if (!token || !sent || !safeEqual(sent, csrfTokenFor(csrfKey, token))) {
        // The refusal names the token of the session the cookie holds, so a page kept from an older session (a
        // player's page saved for offline play, a tab open across a login elsewhere) recovers on its next try: the
        // client keeps any X-CSRF-TOKEN it is sent. Only this origin's scripts can read it (no CORS), as the page's.
        if (token) void reply.header('X-CSRF-TOKEN', csrfTokenFor(csrfKey, token));
        done(new CsrfError());
        return;
      }
    }
    // The health check needs no user: it must answer (503) from the database alone, never fail on the session query.
    const mayBeSignedIn = token !== null && sessionKey !== null && !token.startsWith(VISITOR_PREFIX);
    if (mayBeSignedIn && (isApi || request.method === 'GET') && route !== '/api/health') {
      loadUser(db, sessionKey).then(
        (user) => {
          request.auth = { token, sessionKey, user };
          done();
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    done();
  });
}
