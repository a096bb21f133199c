import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Features never import each other; shared code never imports a feature (see docs/ARCHITECTURE.md).
const featureBoundaries = {
  files: ['src/web/features/*/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/|/features/', message: 'Features do not import each other: move the shared part to src/web/components or src/web/lib.' }] }],
  },
};
const serverModuleBoundaries = {
  files: ['src/server/modules/*/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/|/modules/', message: 'Server modules do not import each other: move the shared part to src/server/lib or src/server/db.' }] }],
  },
};
const sharedStaysShared = {
  files: ['src/shared/**/*.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '/(server|web)/', message: 'src/shared is imported by both sides and imports neither.' }] }],
  },
};

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
  featureBoundaries,
  serverModuleBoundaries,
  sharedStaysShared,
);
