import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { databaseUrl, dropDatabase, onServer } from './postgres-server';

/**
 * An empty database of its own on the PostgreSQL server of TEST_DATABASE_URL, for a server process to migrate and seed
 * (the process tests). Its drop is pushed onto `cleanups`, forced, so connections a test left open do not keep it.
 */
export async function freshPostgresDatabase(prefix: string, cleanups: Array<() => Promise<void>>): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  cleanups.push(() => dropDatabase(serverUrl, name));
  return databaseUrl(serverUrl, name);
}

/**
 * For a file whose tests each want their own database: registers the file's afterAll that drops them all, and returns
 * the function that makes one.
 */
export function useFreshPostgresDatabases(): (prefix: string) => Promise<string> {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });
  return (prefix) => freshPostgresDatabase(prefix, cleanups);
}
