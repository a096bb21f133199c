import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EndpointConfig } from '../../src/shared/api/endpoint';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The typed client's contract (decision 0211): every endpoint descriptor the web side calls names a route the
 * server has, and that route declares the descriptor's very schema objects, so the client's types and parsing
 * cannot drift from what the server validates and answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ENDPOINTS_DIR = path.resolve(import.meta.dirname, '../../src/shared/api/endpoints');

function isDescriptor(value: unknown): value is EndpointConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    typeof value.method === 'string' &&
    'path' in value &&
    typeof value.path === 'string' &&
    'response' in value
  );
}

/** Every descriptor file, found on disk rather than listed: a new file is checked without anyone adding it here. */
const files = readdirSync(ENDPOINTS_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name));
/** Per file, its descriptors: an export is one descriptor or a record of them. */
const descriptorsByFile = new Map<string, EndpointConfig[]>();
for (const file of files) {
  const exported: Record<string, unknown> = await import(pathToFileURL(path.join(ENDPOINTS_DIR, file)).href);
  descriptorsByFile.set(
    file,
    Object.values(exported).flatMap((value) =>
      isDescriptor(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value).filter(isDescriptor) : [],
    ),
  );
}
const descriptors = [...descriptorsByFile.values()].flat();

/** API routes no client of ours calls: the health check, the OpenAPI pages, the payment provider's webhook. */
const WITHOUT_DESCRIPTOR = /^\/api\/(health|docs|payments\/webhook)(\/|$)/;

describe('endpoint descriptors', () => {
  it('are read from every file of src/shared/api/endpoints, each holding at least one', () => {
    expect(files.length).toBeGreaterThan(0);
    const empty = [...descriptorsByFile].filter(([, found]) => found.length === 0).map(([file]) => file);
    expect(empty).toEqual([]);
  });

  it('each names a route of the server, which declares the same params, query, body and answer schemas', () => {
    for (const d of descriptors) {
      const route = t.app.routeTable.find((r) => r.method === d.method && r.url === d.path);
      const name = `${d.method} ${d.path}`;
      expect(route, name).toBeDefined();
      const schema = route?.schema;
      const response = schema?.response as Record<number, unknown> | undefined;
      expect(schema?.params === d.params, `${name}: params`).toBe(true);
      expect(schema?.querystring === d.query, `${name}: query`).toBe(true);
      expect(schema?.body === d.body, `${name}: body`).toBe(true);
      expect(response?.[d.status ?? 200] === d.response, `${name}: answer ${d.status ?? 200}`).toBe(true);
    }
  });

  it('cover every API route the server has', () => {
    const described = new Set(descriptors.map((d) => `${d.method} ${d.path}`));
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !WITHOUT_DESCRIPTOR.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !described.has(key));
    expect(missing).toEqual([]);
  });

  it('are unique', () => {
    const keys = descriptors.map((d) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
