import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server writes a link to one of its own routes from the route's descriptor (`urlOf(endpoint, params)`,
 * shared/api/endpoint.ts), so a renamed route cannot leave a dead link behind. This scan refuses an API path built by
 * hand in a template literal.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

const HAND_BUILT = /`\/api\/[^`]*\$\{/g;

describe('links to the server’s own routes', () => {
  it('catches a hand-built API path', () => {
    expect('const u = `/api/play/${code}/submissions/${id}/photo`;'.match(HAND_BUILT)).toHaveLength(1);
    expect("const u = urlOf(play.photo, { code, id }); const p = '/api/health';".match(HAND_BUILT)).toBeNull();
  });

  it('are built from the endpoint descriptors everywhere in the server', () => {
    const found = sourceFiles('src/server').flatMap((file) => (readFileSync(file, 'utf8').match(HAND_BUILT) ?? []).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });
});
