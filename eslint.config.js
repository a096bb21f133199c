import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The layers of docs/ARCHITECTURE.md, checked on resolved paths (relative, aliased, type-only and dynamic imports alike).
// A zone says: files under `target` may not import files under `from`.
const dirsIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const eachOther = (root, message) => dirsIn(root).map((name) => ({ target: `./${root}/${name}`, from: `./${root}`, except: [`./${name}`], message }));

const here = import.meta.dirname;
const APP_LEVEL = [
  './src/server/app.ts',
  './src/server/server.ts',
  './src/server/serve.ts',
  './src/server/health-routes.ts',
  './src/server/web',
  './src/server/seed',
];
/**
 * A domain reaches another only through its public index.ts, or its records.ts: the rows it lets others read and
 * write, importing no domain's index, so both sides may use it without a cycle. A domain's tables/ may name another
 * domain's tables for a foreign key; only the owning domain queries them: see the no-restricted-imports rules below.
 */
const domainZones = dirsIn('src/server/domains').map((name) => ({
  target: `./src/server/domains/${name}`,
  from: './src/server/domains/*/**',
  except: [
    `${here}/src/server/domains/${name}/**`,
    `${here}/src/server/domains/*/index.ts`,
    `${here}/src/server/domains/*/records.ts`,
    `${here}/src/server/domains/*/tables/*.ts`,
  ],
  message: `A domain uses another only through its index.ts or records.ts (or its tables/ for a foreign key or a read-join): export what ${name} needs there.`,
}));

const boundaries = [
  ...domainZones,
  {
    target: './src/server/domains/*/records.ts',
    from: './src/server/domains/*/index.ts',
    message: "A domain's records.ts imports no domain's index: that is what lets any domain file use it without a cycle.",
  },
  ...eachOther('src/web/features', 'Features do not import each other: move the shared part to src/web/components or src/web/lib.'),
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is imported by both sides and imports neither.' },
  { target: './src/web', from: './src/server', message: 'The SPA talks to the server over HTTP only; what both need lives in src/shared.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the SPA; what both need lives in src/shared.' },
  {
    target: './src/server/platform',
    from: ['./src/server/domains', ...APP_LEVEL],
    message: 'The platform knows no domain: hand in what it needs as a parameter (a task, a callback), or move the rule into a domain.',
  },
  { target: './src/server/domains', from: APP_LEVEL, message: 'Domains are composed by app.ts and serve.ts; they do not import them.' },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/features', './src/web/app', './src/web/main.tsx'],
    message: 'Shared web code does not import a feature or the app shell: move the part it needs down to src/web/components or src/web/lib.',
  },
  { target: './src/web/features', from: ['./src/web/app', './src/web/main.tsx'], message: 'Features do not import the app shell; the router imports them.' },
  { target: './src/web/lib', from: './src/web/components', message: 'src/web/lib holds no UI: it does not import components.' },
];

/**
 * Every domain's tables are its own (issues 21, 35; decision 0545): only that domain queries them; anything else asks
 * its index.ts or records.ts. Another domain's tables/ may name them for a foreign key; the demo seed writes whole
 * bookings and games as data; a test may read any rows to check what a domain made of them.
 */
const DOMAINS = dirsIn('src/server/domains');
const ownedTables = (domain) => ({
  group: [`**/${domain}/tables/*`],
  message: `Only the ${domain} domain queries its tables: call (or add) a function in src/server/domains/${domain}/index.ts or records.ts.`,
});
const NOT_QUERYING = ['src/server/domains/*/tables/**', 'src/server/seed/**', 'src/server/**/*.test.ts'];
// One config a place, since a later no-restricted-imports setting replaces an earlier one for the same file.
const ownedTableRules = [
  { files: ['src/server/**/*.ts'], ignores: [...NOT_QUERYING, 'src/server/domains/**'], patterns: DOMAINS.map(ownedTables) },
  ...DOMAINS.map((domain) => ({
    files: [`src/server/domains/${domain}/**/*.ts`],
    ignores: NOT_QUERYING,
    patterns: DOMAINS.filter((other) => other !== domain).map(ownedTables),
  })),
].map(({ files, ignores, patterns }) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } }));

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'tmp-*/**', 'data/**', 'node_modules/**', 'drizzle/**', 'coverage/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The UI kit everywhere: a screen's buttons and tables are the kit's (src/web/components/ui), which alone renders the raw elements.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='button']",
          message:
            "Use the kit's <Button> (src/web/components/ui) instead of a raw <button>: variant primary/secondary/danger/ghost, 'link' for a text-link look, 'unstyled' with className for a one-off control.",
        },
        {
          selector: "JSXOpeningElement[name.name='table']",
          message:
            "Use the kit's <Table> (src/web/components/ui) instead of a raw <table>: look 'card' for a staff list, 'plain' for a table inside a section.",
        },
      ],
    },
  },
  ...ownedTableRules,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // Import circles are checked once, types and lazy imports included, by tests/lint/type-import-cycles.test.ts
      // (decision 0640): import-x/no-cycle took a fifth of the lint's CPU for a subset of that check.
    },
  },
);
