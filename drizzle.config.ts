import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each domain owns its tables (domains/<name>/tables/); the platform's own are in platform/db/tables.ts.
  schema: ['./src/server/domains/*/tables/*.ts', './src/server/platform/db/tables.ts'],
  out: './drizzle',
});
