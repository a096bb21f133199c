import { configDefaults, defineConfig } from 'vitest/config';

// Co-located tests that need a database: they run with the API tier (migrated template, docs/TESTING.md).
const DATABASE_TESTS_IN_SRC = ['src/server/lib/rate-limit.test.ts', 'src/server/lib/booking-record.test.ts', 'src/server/lib/maintenance.test.ts'];
const consoleErrorsFail = ['tests/support/fail-on-console-error.ts'];

/**
 * The tiers of docs/TESTING.md, one project each. Every project takes both cores (Vitest's default on a 2-core machine
 * is one worker); `npm test` runs them in one pass so their files share the two workers.
 */
export default defineConfig({
  test: {
    // CI adds up these reports into one closing line (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: `test-results/vitest-${process.pid}-${Date.now()}.json` },
    maxWorkers: 2,
    tags: [
      {
        name: 'postgres',
        description: 'Depends on the database driver (COPY, LISTEN/NOTIFY, advisory locks, real concurrency, outages): also run on a PostgreSQL server (decision 0321)',
      },
    ],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/lint/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DATABASE_TESTS_IN_SRC],
          environment: 'node',
          testTimeout: 30_000,
          setupFiles: consoleErrorsFail,
        },
      },
      {
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          // A DOM in the worker, not a browser (decision 0324): the screens render in milliseconds, no Chromium starts.
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost/' } },
          testTimeout: 30_000,
          setupFiles: [...consoleErrorsFail, 'tests/component/support/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', ...DATABASE_TESTS_IN_SRC],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: consoleErrorsFail,
          globalSetup: ['tests/support/test-database-snapshot.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Browser files one at a time, after the other tiers: two at a time timed out tests under load (a server and
          // a Chromium each); the unit, api and system tiers still share both cores before them.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          setupFiles: consoleErrorsFail,
          // Servers in the worker start from the migrated, seeded snapshot; a server process (one that a test kills)
          // from a copy of the migrated data folder.
          globalSetup: ['tests/support/test-database-snapshot.ts', 'tests/e2e/support/data-dir-template.ts'],
        },
      },
      {
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          setupFiles: consoleErrorsFail,
          globalSetup: ['tests/e2e/support/data-dir-template.ts'],
        },
      },
    ],
  },
});
