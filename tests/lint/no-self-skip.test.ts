import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, ROOT } from './repo-files';

/**
 * A test that skips itself passes silently: a renamed route once turned `if (!hasRoute(...)) ctx.skip()` into green
 * tests that checked nothing (issue 28). A missing route must fail. The one skip allowed is the PostgreSQL pass's:
 * a `skipIf`/`runIf` on TEST_DATABASE_URL that carries the `postgres` tag, so `npm run test:pg` runs it (decision 0321).
 */
const ROOTS = ['tests', 'src'];

const SKIPPING = /\b(?:ctx|context|task)\.skip\(|\.(?:skip|todo|only)\(|\.(?:skipIf|runIf)\(/;
// The PostgreSQL-only blocks: conditional on the server URL and tagged for the PostgreSQL pass in the same call, which
// the formatter may spread over the next lines (the name, then the options).
const DRIVER_ONLY = /\.(?:skipIf|runIf)\((?:!?serverUrl|!?process\.env\.TEST_DATABASE_URL)\)\([^{]*\{\s*tags: \[[^\]]*'postgres'/;
const CALL_LINES = 3;

export function selfSkips(source: string): string[] {
  const lines = source.split('\n').map((line) => line.trim());
  return lines
    .map((line, index) => ({ line, number: index + 1, call: lines.slice(index, index + CALL_LINES).join(' ') }))
    .filter(({ line, call }) => !line.startsWith('//') && !line.startsWith('*') && SKIPPING.test(line) && !DRIVER_ONLY.test(call))
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('no test skips itself', () => {
  it('catches the ways a test can skip, and allows the tagged PostgreSQL-only block', () => {
    expect(selfSkips("  if (!hasRoute('POST', '/api/x')) ctx.skip();")).toHaveLength(1);
    expect(selfSkips("it.skip('x', () => {});")).toHaveLength(1);
    expect(selfSkips("describe.skipIf(!route)('x', () => {});")).toHaveLength(1);
    expect(selfSkips("it.todo('x');")).toHaveLength(1);
    expect(selfSkips("it.only('x', () => {});")).toHaveLength(1);
    // The URL without the tag: `npm run test:pg` would never load it, so it would run nowhere.
    expect(selfSkips("describe.skipIf(!serverUrl)('on PostgreSQL', () => {")).toHaveLength(1);
    expect(selfSkips("describe.skipIf(!serverUrl)('on PostgreSQL', { tags: ['postgres'] }, () => {")).toEqual([]);
    // The same call as the formatter spreads it, and an untagged one followed by a tagged block (still caught).
    expect(selfSkips("describe.skipIf(!serverUrl)(\n  'on PostgreSQL',\n  { tags: ['postgres'] },\n  () => {")).toEqual([]);
    expect(selfSkips("describe.skipIf(!serverUrl)('x', () => {});\ndescribe('y', { tags: ['postgres'] }, () => {")).toHaveLength(1);
  });

  it('finds none in the test files', () => {
    const found = ROOTS.flatMap((root) => filesUnder(root))
      .filter((file) => /\.test\.tsx?$/.test(file) && file !== 'tests/lint/no-self-skip.test.ts')
      .flatMap((file) => selfSkips(readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});
