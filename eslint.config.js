import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The layers of docs/ARCHITECTURE.md, checked on resolved paths (relative, aliased, type-only and dynamic imports alike).
// A zone says: files under `target` may not import files under `from`.
const dirsIn = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const eachOther = (root, message) => dirsIn(root).map((name) => ({ target: `./${root}/${name}`, from: `./${root}`, except: [`./${name}`], message }));

const boundaries = [
  ...eachOther('src/server/modules', 'Server modules do not import each other: move the shared part to src/server/lib or src/server/db.'),
  ...eachOther('src/web/features', 'Features do not import each other: move the shared part to src/web/components or src/web/lib.'),
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is imported by both sides and imports neither.' },
  { target: './src/web', from: './src/server', message: 'The SPA talks to the server over HTTP only; what both need lives in src/shared.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the SPA; what both need lives in src/shared.' },
  { target: './src/server/lib', from: ['./src/server/modules', './src/server/plugins', './src/server/app.ts', './src/server/server.ts'], message: 'src/server/lib is below plugins and modules: move what it needs into lib, or hand it in as a parameter.' },
  { target: './src/server/plugins', from: ['./src/server/modules', './src/server/app.ts', './src/server/server.ts'], message: 'Plugins do not import modules: move the shared part to src/server/lib.' },
  { target: './src/server/db', from: ['./src/server/modules', './src/server/plugins', './src/server/app.ts', './src/server/server.ts'], message: 'The database layer does not import plugins or modules.' },
  { target: './src/server/modules', from: ['./src/server/app.ts', './src/server/server.ts'], message: 'Modules are registered by app.ts; they do not import it.' },
  { target: ['./src/web/components', './src/web/lib'], from: ['./src/web/features', './src/web/app', './src/web/main.tsx'], message: 'Shared web code does not import a feature or the app shell: move the part it needs down to src/web/components or src/web/lib.' },
  { target: './src/web/features', from: ['./src/web/app', './src/web/main.tsx'], message: 'Features do not import the app shell; the router imports them.' },
  { target: './src/web/lib', from: './src/web/components', message: 'src/web/lib holds no UI: it does not import components.' },
];

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
          message: "Use the kit's <Table> (src/web/components/ui) instead of a raw <table>: look 'card' for a staff list, 'plain' for a table inside a section.",
        },
      ],
    },
  },
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
      // Type-only imports are erased at run time, so the rule leaves them out; value cycles break module start-up order.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
