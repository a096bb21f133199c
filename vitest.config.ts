import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Long files first, so the two workers do not end the run waiting on one journey started last. */
const TIER_ORDER = ['e2e', 'system', 'api', 'component', 'component-fresh', 'unit'];

/**
 * `npm test` runs every tier in one pass over both workers (docs/TESTING.md). Vitest orders files by project name
 * (api before e2e) and then by last duration or size; this keeps its order within a tier and starts the browser
 * journeys, the longest files, first.
 */
class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = TIER_ORDER.indexOf(file.project.name);
      return index === -1 ? TIER_ORDER.length : index;
    };
    // Array.prototype.sort is stable: within a tier Vitest's own order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// Co-located tests that need a database: they run with the API tier (migrated template, docs/TESTING.md).
const DATABASE_TESTS_IN_SRC = ['src/server/platform/rate-limit.test.ts', 'src/server/domains/booking/booking-record.test.ts'];
const consoleErrorsFail = ['tests/support/fail-on-console-error.ts'];

/** The component tier's screens run in a DOM in the worker, not a browser (decision 0322): no Chromium starts. */
const COMPONENT_TIER = {
  environment: 'happy-dom' as const,
  environmentOptions: { happyDOM: { url: 'http://localhost/' } },
  testTimeout: 30_000,
  setupFiles: [...consoleErrorsFail, 'tests/component/support/setup.ts'],
};
// The files that check what a page shows while a language's catalogue is still on its way: an earlier file of the
// worker may have loaded it already, so each of them starts from modules nobody used before it. (The other language
// files share the worker's modules: they switch the language in Testing Library's act(), which sets React's act
// environment around its callback, whatever an earlier file of the worker left it as; decision 0685.)
const COMPONENT_TESTS_ON_FRESH_MODULES = ['tests/component/messages-arrive-later.test.tsx', 'tests/component/account-languages.test.tsx'];

/**
 * The tiers of docs/TESTING.md, one project each. `npm test` runs them in one pass so their files share the workers:
 * four on two cores (decision 0700). A browser file is a chain (the test waits on the browser, the browser on the
 * server) with waits in it: run alone, the tiers leave part of the cores idle with three (in `npm test`, lint and the
 * type check beside them fill it either way).
 */
export default defineConfig({
  test: {
    // CI adds up these reports into one closing line (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: `test-results/vitest-${process.pid}-${Date.now()}.json` },
    maxWorkers: 4,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache), keyed by each file's content and the
    // configuration: a later `vitest run` (the PostgreSQL pass after `npm test`, a developer's next run) reads them
    // instead of transforming the same files again, and projects that share the server's modules transform them once
    // (decision 0705).
    experimental: { fsModuleCache: true },
    // The browser journeys first, then the rest (TierSequencer above).
    sequence: { sequencer: TierSequencer },
    tags: [
      {
        name: 'postgres',
        description:
          'Depends on the database driver (COPY, LISTEN/NOTIFY, advisory locks, real concurrency, outages): also run on a PostgreSQL server (decision 0321)',
      },
    ],
    projects: [
      {
        test: {
          name: 'unit',
          // Pure code: a worker loads the shared modules once for all its files (as the API and browser tiers do).
          isolate: false,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
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
          exclude: [...configDefaults.exclude, ...COMPONENT_TESTS_ON_FRESH_MODULES],
          // As the API tier: a worker loads React, the screens and their catalogues once for all its files, not once
          // per file (two thirds of the tier's CPU). Each file gets a new DOM; support/setup.ts puts back per file what
          // a file may leave behind in the modules they share (the stand-in network, React's act() flag).
          isolate: false,
          ...COMPONENT_TIER,
        },
      },
      {
        // The files that need modules nobody loaded before them, each in its own (isolated) module graph.
        test: { name: 'component-fresh', include: COMPONENT_TESTS_ON_FRESH_MODULES, ...COMPONENT_TIER },
      },
      {
        test: {
          name: 'api',
          // The files of a worker share its modules: the app's module graph is loaded once per worker, not once per
          // file (about 1.5 s each). Every file still builds its own app on its own database; nothing of ours keeps
          // state across apps but the process-wide password gate and cost, which each app sets again.
          isolate: false,
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
          // As the API tier: a worker loads the server's modules and Playwright once, not once per file (each file
          // still starts its own server on its own database, and its own browser).
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
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
