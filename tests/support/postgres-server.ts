import pg from 'pg';

/**
 * The PostgreSQL server of TEST_DATABASE_URL, as the test set-ups use it: one short connection for an administrative
 * statement (creating, copying, dropping a database), and a database's own URL on that server.
 */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Forced: connections a test left open do not keep it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** The databases whose names start with `prefix` (a run's template and its copies). */
export async function dropDatabasesNamed(serverUrl: string, prefix: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}
