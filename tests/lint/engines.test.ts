import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { z } from 'zod';

/**
 * `engines.node` in package.json is true: every installed package (dependencies, dev tools and optional platform
 * binaries alike, as npm installs them all) runs on every Node version we declare. Issue 28 found `cookie` and
 * `content-disposition` wanting Node 22 under a promise of Node 20; npm only warns (EBADENGINE), so this fails
 * instead. A package that wants more is pinned or overridden to a version that does not (package.json `overrides`),
 * or our range moves.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = z.object({ engines: z.object({ node: z.string() }) });
const lock = z.object({
  packages: z.record(z.string(), z.object({ version: z.string().optional(), engines: z.unknown().optional() })),
});
const engines = z.object({ node: z.string().optional() });

const ours = manifest.parse(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))).engines.node;

/** Installed packages whose engines.node leaves out some Node version our range allows. */
export function excluding(ourRange: string, packages: z.infer<typeof lock>['packages']): string[] {
  return Object.entries(packages).flatMap(([at, entry]) => {
    // Old packages wrote engines as an array; npm ignores those, and so do we.
    const wanted = engines.safeParse(entry.engines).data?.node;
    if (!at || !wanted) return [];
    return semver.subset(ourRange, wanted) ? [] : [`${at.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants node ${wanted}`];
  });
}

describe('engines.node', () => {
  it('is a range whose lowest version is Node 20 or later', () => {
    expect(semver.validRange(ours)).not.toBeNull();
    expect(semver.minVersion(ours)?.major).toBeGreaterThanOrEqual(20);
  });

  it('catches a package that wants a later Node than ours, or leaves out one of our versions', () => {
    expect(excluding('>=20', { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } })).toEqual(['cookie@2.0.2 wants node >=22']);
    expect(excluding('>=20.19.0', { 'node_modules/vite': { version: '8', engines: { node: '^20.19.0 || >=22.12.0' } } })).toHaveLength(1);
    expect(excluding('^20.19.0 || >=22.12.0', { 'node_modules/vite': { version: '8', engines: { node: '^20.19.0 || >=22.12.0' } } })).toEqual([]);
    expect(excluding('>=20', { 'node_modules/old': { version: '1', engines: ['node >= 0.4'] } })).toEqual([]);
  });

  it('holds for every package in package-lock.json', () => {
    const { packages } = lock.parse(JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')));
    expect(excluding(ours, packages)).toEqual([]);
  });
});
