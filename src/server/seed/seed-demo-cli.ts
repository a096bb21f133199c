import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { seedReferenceData } from './seed';
import { seedDemoBookings } from './seed-demo';

/**
 * `npm run db:seed-demo [-- --count 200 --seed 1]`: adds demo bookings to the database of
 * DATABASE_URL, or to the embedded one in DATA_DIR (stop the server first: PGlite has one writer).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    const value = i >= 0 ? Number(args[i + 1]) : NaN;
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const started = Date.now();
    const summary = await seedDemoBookings(database.db, { count: arg('count') ?? 200, ...(arg('seed') ? { seed: arg('seed') } : {}) });
    process.stdout.write(
      `Demo data added to ${database.driver === 'postgres' ? 'PostgreSQL' : config.DATA_DIR} in ${Date.now() - started} ms: ` +
        `${summary.bookings} bookings (${summary.enquiries} enquiries, ${summary.leads} leads, ${summary.paid} paid, ${summary.completed} completed), ` +
        `${summary.payments} payments, ${summary.notes} notes.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:seed-demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
