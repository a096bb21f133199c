// Exits 0 when a PostgreSQL server answers at the URL given, 1 otherwise (within 3 seconds).
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch {
  process.exit(1);
}
