import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The layer rules of eslint.config.js, checked against probes: a file that would sit at `at` and import `from`
 * (both real paths, so the resolver finds them). A misspelt zone or a missing resolver setting makes a rule
 * silently pass everything; these tests fail then.
 */
const eslint = new ESLint();

async function problems(at: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: at });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((rule) => rule.startsWith('import-x/'));
}
const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('layer boundaries (import-x/no-restricted-paths)', () => {
  it.each([
    ['a web feature imports another feature', 'src/web/features/auth/probe.ts', '../admin-users/users-page'],
    ['a web feature imports the app shell', 'src/web/features/auth/probe.ts', '../../app/router'],
    ['a shared web component imports a feature', 'src/web/components/probe.ts', '../features/admin-users/users-page'],
    ['web lib imports a feature', 'src/web/lib/probe.ts', '../features/admin-users/users-page'],
    ['web lib imports a component', 'src/web/lib/probe.ts', '../components/booking-wizard/wizard-state'],
    ['a domain reaches inside another domain', 'src/server/domains/catalogue/probe.ts', '../booking/booking-write'],
    ["a domain imports another domain's route plugins", 'src/server/domains/catalogue/probe.ts', '../booking/routes'],
    ["a domain's records.ts imports a domain's index", 'src/server/domains/game/records.ts', '../booking'],
    ['a domain imports the app', 'src/server/domains/booking/probe.ts', '../../app'],
    ['a domain imports the seed data', 'src/server/domains/booking/probe.ts', '../../seed/seed'],
    ["the platform imports a domain's index", 'src/server/platform/probe.ts', '../domains/booking'],
    ["the platform imports a domain's tables", 'src/server/platform/db/probe.ts', '../../domains/booking/tables/bookings'],
    ['the platform imports the app', 'src/server/platform/probe.ts', '../app'],
    ['shared imports the server', 'src/shared/probe.ts', '../server/platform/crypto'],
    ['shared imports the web', 'src/shared/probe.ts', '../web/lib/paths'],
    ['the web imports the server', 'src/web/lib/probe.ts', '../../server/platform/crypto'],
    ['the server imports the web', 'src/server/platform/probe.ts', '../../web/lib/paths'],
  ])('refuses: %s', async (_what, at, from) => {
    expect(await problems(at, importing(from))).toContain('import-x/no-restricted-paths');
  });

  it('catches type-only and dynamic imports too', async () => {
    expect(await problems('src/web/features/auth/probe.ts', "import type { X } from '../admin-users/users-api';\nexport type Y = X;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await problems('src/web/features/auth/probe.ts', "export const load = () => import('../admin-users/users-page');\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it.each([
    [
      'a feature imports its own files, components, lib and shared',
      'src/web/features/admin-users/probe.ts',
      ['./users-page', '../../components/booking-wizard/wizard-state', '../../lib/paths', '../../../shared/money'],
    ],
    [
      "a domain imports its own files, another domain's index and tables, the platform and shared",
      'src/server/domains/catalogue/probe.ts',
      [
        './price-list',
        '../booking',
        '../game/records',
        '../identity/tables/users',
        '../../platform/crypto',
        '../../platform/db/client',
        '../../../shared/money',
      ],
    ],
    ["the app imports the domains' route plugins and the platform", 'src/server/probe.ts', ['./domains/booking/routes', './platform/crypto']],
    ['the app shell imports features', 'src/web/app/probe.ts', ['../features/admin-users/users-page']],
  ])('allows: %s', async (_what, at, froms) => {
    for (const from of froms) expect(await problems(at, importing(from))).toEqual([]);
  });
});

describe('the bookings table belongs to the booking domain (no-restricted-imports)', () => {
  const bookingsRule = async (at: string) => {
    const [result] = await eslint.lintText("import { bookings } from '../booking/tables/bookings';\nexport const y = bookings;\n", { filePath: at });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it('refuses a query on bookings from another domain, and lets the booking domain and the tables name it', async () => {
    expect(await bookingsRule('src/server/domains/game/probe.ts')).toContain('no-restricted-imports');
    expect(await bookingsRule('src/server/domains/booking/probe.ts')).not.toContain('no-restricted-imports');
    expect(await bookingsRule('src/server/domains/game/tables/probe.ts')).not.toContain('no-restricted-imports');
  });
});

describe("the game's tables belong to the game domain (no-restricted-imports)", () => {
  const rulesAt = async (at: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: at });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const gamesFrom = (dir: string) => `import { games } from '${dir}/game/tables/games';\nexport const y = games;\n`;
  const bookingsFrom = (dir: string) => `import { bookings } from '${dir}/booking/tables/bookings';\nexport const y = bookings;\n`;

  it('refuses a query on the game tables from the booking domain and elsewhere, and lets the game domain and the tables name them', async () => {
    expect(await rulesAt('src/server/domains/booking/probe.ts', gamesFrom('..'))).toContain('no-restricted-imports');
    expect(await rulesAt('src/server/domains/booking/admin-bookings/probe.ts', gamesFrom('../..'))).toContain('no-restricted-imports');
    expect(await rulesAt('src/server/domains/commerce/probe.ts', gamesFrom('..'))).toContain('no-restricted-imports');
    expect(await rulesAt('src/server/domains/game/probe.ts', gamesFrom('..'))).not.toContain('no-restricted-imports');
    expect(await rulesAt('src/server/domains/booking/tables/probe.ts', gamesFrom('../..'))).not.toContain('no-restricted-imports');
  });

  it('keeps the bookings table refused where both rules apply (a later setting must not replace the earlier one)', async () => {
    expect(await rulesAt('src/server/domains/commerce/probe.ts', bookingsFrom('..'))).toContain('no-restricted-imports');
    expect(await rulesAt('src/server/health-probe.ts', bookingsFrom('./domains'))).toContain('no-restricted-imports');
    expect(await rulesAt('src/server/domains/game/probe.ts', bookingsFrom('..'))).toContain('no-restricted-imports');
  });
});

describe("every domain's tables belong to it (no-restricted-imports, decision 0545)", () => {
  const rulesAt = async (at: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: at });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };
  const importing = (name: string, from: string) => `import { ${name} } from '${from}';\nexport const y = ${name};\n`;

  it.each([
    ['the ledger, from the booking domain', 'src/server/domains/booking/probe.ts', importing('bookingPayments', '../commerce/tables/ledger')],
    ['the users, from the game domain', 'src/server/domains/game/submissions/probe.ts', importing('users', '../../identity/tables/users')],
    ['the users, from the commerce domain', 'src/server/domains/commerce/probe.ts', importing('users', '../identity/tables/users')],
    ['the challenge library, from the game domain', 'src/server/domains/game/probe.ts', importing('challenges', '../catalogue/tables/challenges')],
    ['the activity log, from the booking domain', 'src/server/domains/booking/probe.ts', importing('activityLog', '../identity/tables/activity-log')],
    ['the proposals, from the booking domain', 'src/server/domains/booking/probe.ts', importing('proposals', '../proposals/tables/proposals')],
    ['the price list, from the app level', 'src/server/health-probe.ts', importing('priceList', './domains/catalogue/tables/pricing')],
  ])('refuses %s', async (_what, at, code) => {
    expect(await rulesAt(at, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['the ledger, in the commerce domain', 'src/server/domains/commerce/probe.ts', importing('bookingPayments', './tables/ledger')],
    ["another domain's records.ts", 'src/server/domains/game/probe.ts', importing('staffMember', '../identity/records')],
    ['a foreign key from tables/', 'src/server/domains/commerce/tables/probe.ts', importing('bookings', '../../booking/tables/bookings')],
    ['a test reading the rows it checks', 'src/server/domains/booking/probe.test.ts', importing('bookingPayments', '../commerce/tables/ledger')],
  ])('allows %s', async (_what, at, code) => {
    expect(await rulesAt(at, code)).not.toContain('no-restricted-imports');
  });
});
