import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import type { Database, Db } from '../../src/server/platform/db/client';
import { users } from '../../src/server/domains/identity/tables/users';
import { hashPassword, randomToken } from '../../src/server/platform/crypto';
import { openTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct horse battery staple';
/** One hash of TEST_PASSWORD per password cost: API files share a worker's modules (vitest.config.ts). */
const passwordHashes = new Map<string, Promise<string>>();

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  db: Db;
  /** A fresh visitor: its own session cookie and CSRF token, like a new browser tab. */
  visitor(): Promise<Agent>;
  /** A visitor logged in as a new user of that role. */
  as(role: 'admin' | 'host' | 'user', overrides?: { name?: string; email?: string }): Promise<Agent & { userId: number; email: string }>;
  createUser(values: { role: 'admin' | 'host' | 'user'; name?: string; email?: string }): Promise<{ id: number; email: string }>;
  close(): Promise<void>;
};

export type Agent = {
  cookie: string;
  csrf: string;
  inject(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

export function readCsrfMeta(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]+)">/.exec(html);
  if (!match?.[1]) throw new Error('no csrf meta tag in page');
  return match[1];
}

function sessionCookieFrom(res: LightMyRequestResponse): string | undefined {
  const found = res.cookies.find((c) => c.name === 'hatch_session' || c.name === '__Host-hatch_session');
  return found ? `${found.name}=${found.value}` : undefined;
}

/** `logger`: the app's log, for a test that checks what is logged (silent by default). */
export async function createTestApp(
  env: Record<string, string> = {},
  /** `connectionWaitMs`: how long a request waits for a pooled connection on PostgreSQL (client.ts; 5 s unless told). */
  options: { logger?: FastifyServerOptions['logger']; connectionWaitMs?: number } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(options.connectionWaitMs === undefined ? {} : { connectionWaitMs: options.connectionWaitMs });
  // A low password cost (decision 0322): logins in API tests cost a millisecond, not 128 MiB of scrypt.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_PASSWORD_COST: 'low', ...env });
  const app = await buildApp({ config, database, logger: options.logger ?? false, webRoot: '/nonexistent-web-root' });
  await app.ready();

  const makeAgent = async (): Promise<Agent> => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const state = { cookie: sessionCookieFrom(page) ?? '', csrf: readCsrfMeta(page.body) };
    const agent: Agent = {
      get cookie() {
        return state.cookie;
      },
      get csrf() {
        return state.csrf;
      },
      async inject(options) {
        const { csrf = true, headers = {}, ...rest } = options;
        const res = await app.inject({
          ...rest,
          headers: { ...(state.cookie ? { cookie: state.cookie } : {}), ...(csrf ? { 'x-csrf-token': state.csrf } : {}), ...headers },
        });
        const newCookie = sessionCookieFrom(res);
        if (newCookie) state.cookie = newCookie;
        const newCsrf = res.headers['x-csrf-token'];
        if (typeof newCsrf === 'string') state.csrf = newCsrf;
        return res;
      },
      get: (url) => agent.inject({ method: 'GET', url }),
      post: (url, payload, headers) => agent.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
      put: (url, payload) => agent.inject({ method: 'PUT', url, ...(payload === undefined ? {} : { payload: payload as object }) }),
      patch: (url, payload, headers) => agent.inject({ method: 'PATCH', url, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
      delete: (url) => agent.inject({ method: 'DELETE', url }),
    };
    return agent;
  };

  const cost = config.TEST_PASSWORD_COST === 'low' ? 'low' : 'standard';
  const createUser: TestApp['createUser'] = async ({ role, name, email }) => {
    const passwordHash = passwordHashes.get(cost) ?? hashPassword(TEST_PASSWORD);
    passwordHashes.set(cost, passwordHash);
    const address = email ?? `${role}-${randomToken(6).toLowerCase()}@example.test`;
    const rows = await database.db
      .insert(users)
      .values({ name: name ?? `Test ${role}`, email: address, passwordHash: await passwordHash, isAdmin: role === 'admin', isHost: role === 'host' })
      .returning({ id: users.id });
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('user not created');
    return { id, email: address };
  };

  return {
    app,
    database,
    db: database.db,
    visitor: makeAgent,
    createUser,
    async as(role, overrides = {}) {
      const user = await createUser({ role, ...overrides });
      const agent = await makeAgent();
      const res = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return Object.assign(agent, { userId: user.id, email: user.email });
    },
    async close() {
      await app.close();
      await database.release();
    },
  };
}
