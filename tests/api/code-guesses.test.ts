import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { toJsonSchema, validArb } from '../support/schema-arbitrary';
import { CODE_GUESS_LIMIT } from '../../src/server/platform/code-guesses';
import { NotFoundError } from '../../src/server/platform/errors';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking } from '../support/fixtures';

/**
 * Issue 19: a game code could be guessed 13,700 times a minute through the player app's calls and a proposal token
 * through its page. Every look-up by code or token shares one bucket per client address (decision 0180): wrong
 * guesses on any of the routes count; past the limit every one of them answers 429 with Retry-After, even for a
 * code that exists; codes that exist never count, so a game's phones behind one office address are never refused.
 */
const REFUSED = { message: 'Too many requests. Please try again later.', code: 'rate_limited' };

let t: TestApp;
let visitor: Agent;
let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.visitor();
});
afterAll(async () => t.close());

/** The four guessable look-ups, each with a code nobody holds (the i-th guess) or with the given one. */
const ROUTES = {
  booking: (ip: string, code: string) => visitor.inject({ method: 'GET', url: `/api/booking/${code}`, remoteAddress: ip }),
  game: (ip: string, code: string) => visitor.inject({ method: 'GET', url: `/api/play/${code}`, remoteAddress: ip }),
  join: (ip: string, code: string, name = 'Guesser') => visitor.inject({ method: 'POST', url: `/api/play/${code}/join`, payload: { name }, remoteAddress: ip }),
  proposal: (ip: string, code: string) => visitor.inject({ method: 'GET', url: `/api/proposals/${code}`, remoteAddress: ip }),
} as const;
const names = Object.keys(ROUTES) as (keyof typeof ROUTES)[];
const guess = (i: number) => `GUESS${String(i).padStart(7, '0')}`;

function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect({ label, status: res.statusCode, body: res.json() }).toEqual({ label, status: 429, body: REFUSED });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('one bucket of wrong guesses per address, across the booking, game, join and proposal look-ups', () => {
  it(`answers 404 to the first ${CODE_GUESS_LIMIT.perIp} wrong guesses spread over the four routes, then 429 with Retry-After on every route`, async () => {
    const { gameCode } = await createPaidBooking(t.db, { players: 10 });
    const ip = freshIp();
    const statuses: Record<string, number[]> = {};
    for (let i = 0; i < CODE_GUESS_LIMIT.perIp; i++) {
      const route = names[i % names.length] ?? 'booking';
      (statuses[route] ??= []).push((await ROUTES[route](ip, guess(i))).statusCode);
    }
    for (const route of names) expect({ route, statuses: [...new Set(statuses[route])] }).toEqual({ route, statuses: [404] });

    for (const route of names) expectRefused(await ROUTES[route](ip, guess(1000)), `${route}, wrong code`);
    // Past the limit a right code is refused too: a guesser who hits one learns nothing.
    expectRefused(await ROUTES.game(ip, gameCode), 'game, right code');
    expectRefused(await ROUTES.join(ip, gameCode), 'join, right code');
    expectRefused(await ROUTES.booking(ip, gameCode), 'booking, right code');

    // Another address is not affected.
    const other = freshIp();
    expect((await ROUTES.proposal(other, guess(1))).statusCode).toBe(404);
    expect((await ROUTES.game(other, gameCode)).statusCode).toBe(200);
  });

  it("counts the booker set-up calls' unknown game codes in the same bucket", async () => {
    const ip = freshIp();
    for (let i = 0; i < CODE_GUESS_LIMIT.perIp - 1; i++) expect((await ROUTES.proposal(ip, guess(i))).statusCode).toBe(404);
    // The 60th wrong guess, through the organiser's set-up call by game code: counted, still 404…
    const setUp = await visitor.inject({
      method: 'GET',
      url: `/api/booking/${guess(5000)}/challenges`,
      headers: { 'x-manage-key': 'nope' },
      remoteAddress: ip,
    });
    expect(setUp.statusCode).toBe(404);
    // …and the next guess anywhere is refused.
    expectRefused(await ROUTES.booking(ip, guess(5001)), 'booking after a set-up miss');
  });
});

describe('a real game behind one office address', () => {
  it(`is never refused: ${CODE_GUESS_LIMIT.perIp * 3} look-ups and joins of its valid code from one address all succeed`, async () => {
    const players = 30;
    const { gameCode } = await createPaidBooking(t.db, { players });
    const office = freshIp();
    let ok = 0;
    for (let phone = 0; phone < players; phone++) {
      // Each phone opens the join page, the lobby refetches the game as others join, and the phone joins.
      for (const res of [
        await ROUTES.booking(office, gameCode),
        await ROUTES.game(office, gameCode),
        await ROUTES.game(office, gameCode.toLowerCase()),
        await ROUTES.game(office, gameCode),
        await ROUTES.game(office, gameCode),
        await ROUTES.join(office, gameCode, `Phone ${phone}`),
      ]) {
        expect(res.statusCode).toBeLessThan(300);
        ok++;
      }
    }
    expect(ok).toBeGreaterThan(CODE_GUESS_LIMIT.perIp * 2);
    // A typo still answers 404 (not 429): the valid look-ups used none of the allowance.
    expect((await ROUTES.game(office, guess(1))).statusCode).toBe(404);
  });
});

/**
 * Issue 28: the player-token routes, the organiser's results, album and photo, and the booker's payment and checkout
 * told a real code, token or key from a wrong one with no limit (300 misses, no 429). Every route under
 * /api/play/:code, /api/booking/:code and /api/manage/:key is taken from the app's own route table, so a route added
 * later is held to it too: from an address one miss short of the limit, misses (a real game code with a wrong token
 * or key, a wrong management key), each with a body its schema accepts, end in 429 within 300.
 */
describe('every look-up by a code, token or key counts its misses', () => {
  const GUESSED = /^\/api\/(play\/:code|booking\/:code|manage\/:key)(\/|$)/;
  const CODE_ONLY = new Set(['GET /api/booking/:code', 'GET /api/booking/:code/calendar.ics', 'GET /api/play/:code', 'POST /api/play/:code/join']);

  /** A body the route's schema takes, so the request reaches the look-up rather than a 422. */
  function bodiesFor(schema: unknown): unknown[] {
    const json = toJsonSchema(schema);
    return json ? fc.sample(validArb(json), { numRuns: 30, seed: 28 }) : [undefined];
  }

  /**
   * An address one miss short of the limit, counted through the app's own bucket (app.deps.codeGuesses) rather than
   * 59 requests to each route: the first test above proves the bucket fills request by request. From there a route
   * that counts its misses answers 429 by its second request; one that does not never does.
   */
  async function oneMissShort(ip: string): Promise<void> {
    for (let i = 0; i < CODE_GUESS_LIMIT.perIp - 1; i++)
      await t.app.deps.codeGuesses.guard(ip, () => Promise.reject(new NotFoundError('a guess'))).catch(() => undefined);
  }

  it('answers 429 within 300 misses on each of them', async () => {
    const { gameCode } = await createPaidBooking(t.db, { players: 10 });
    const routes = t.app.routeTable.filter((r) => GUESSED.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(25);
    const unlimited: string[] = [];
    for (const route of routes) {
      // Where the code is the only secret, a wrong code is the miss (the ones above); elsewhere the game is real and the
      // token or key is wrong.
      const codeOnly = CODE_ONLY.has(`${route.method} ${route.url}`);
      const url = route.url
        .replace(':code', codeOnly ? guess(9000) : gameCode)
        .replace(':key', `wrong-key-${'x'.repeat(30)}`)
        .replace(':id', '1')
        .replace(':sessionId', 'cs_wrong');
      const query = route.method === 'POST' && url.endsWith('/submissions/photo') ? '?challenge_id=1' : '';
      const bodies = route.method === 'GET' ? [undefined] : bodiesFor(route.schema?.body);
      const ip = freshIp();
      await oneMissShort(ip);
      const statuses = new Set<number>();
      for (let i = 0; i < 300 && !statuses.has(429); i++) {
        const body = bodies[i % bodies.length];
        const res = await visitor.inject({
          method: route.method,
          url: `${url}${query}`,
          headers: { 'x-player-token': `wrong-token-${i}`, 'x-manage-key': `wrong-key-${i}` },
          ...(body === undefined
            ? {}
            : {
                payload: JSON.stringify(body),
                headers: { 'content-type': 'application/json', 'x-player-token': `wrong-token-${i}`, 'x-manage-key': `wrong-key-${i}` },
              }),
          remoteAddress: ip,
        });
        statuses.add(res.statusCode);
      }
      if (!statuses.has(429)) unlimited.push(`${route.method} ${route.url}: ${[...statuses].join(', ')}`);
    }
    expect(unlimited).toEqual([]);
  }, 120_000);
});
