import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, ROOT } from './repo-files';

/**
 * Every repository path the docs name in backticks exists (issue 28: thirteen did not, and CONTRIBUTING pointed to
 * a folder that was gone). A path starts with one of the top folders below. The patterns a doc may write:
 * - `*` (or `…`) any characters within one folder or file name, `**` any number of folders (`src/**` + `/*.test.ts`);
 * - `{a,b}` either spelling (`src/server/platform/{crypto,mail}.ts`);
 * - `<name>` one folder or file name standing for any (`src/server/domains/<domain>/tables/`);
 * - a trailing `/` names a folder; `:12` (a line) or `#anchor` after a path is ignored.
 * Anything else after the path (a space, an argument) ends it. A pattern must match at least one file or folder.
 * A file that is gone is named without backticks (the test history tables of docs/TESTING.md do).
 */
const TOP_FOLDERS = ['src', 'tests', 'docs', 'scripts', 'bench', 'drizzle'];
/** Built, generated or local output: named in docs, never part of the tree. */
const OUTPUT = /^(?:bench\/results|test-results|data|dist[^/]*)(?:\/|$)/;

/** The repository paths (folders end in `/`) named in backticks in one markdown text. */
export function namedPaths(markdown: string): string[] {
  const found = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => (m[1] ?? '').trim().split(/\s/)[0] ?? '');
  return found.filter((p) => TOP_FOLDERS.some((top) => p === top || p.startsWith(`${top}/`))).map((p) => p.replace(/(?::\d+(?:-\d+)?|#[\w-]+)$/, ''));
}

/** The pattern syntax above as a regular expression over paths relative to the root. */
export function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern.charAt(i);
    if (pattern.startsWith('**/', i)) {
      source += '(?:[^/]+/)*';
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (c === '*' || c === '…') source += '[^/]*';
    else if (c === '<') {
      const close = pattern.indexOf('>', i);
      source += '[^/]+';
      i = close === -1 ? i : close;
    } else if (c === '{') {
      const close = pattern.indexOf('}', i);
      const options = pattern.slice(i + 1, close).split(',');
      source += `(?:${options.map((o) => o.replace(/[.+?^$()|[\]\\]/g, '\\$&')).join('|')})`;
      i = close;
    } else source += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  }
  // A folder named without its trailing slash is still that folder.
  return new RegExp(`^${source}${pattern.endsWith('/') ? '' : '/?'}$`);
}

function markdownFiles(): string[] {
  return ['README.md', ...filesUnder('docs').filter((p) => p.endsWith('.md'))];
}

/**
 * The docs that describe the code as it is now. Decision records are left out of the wider check below: they
 * record what was decided at the time, in the layout of the time (`lib/…`, `plugins/…` before decision 0327).
 */
function livingDocs(): string[] {
  return markdownFiles().filter((p) => !p.startsWith('docs/decisions/'));
}

const FILE_ENDING = /\.(?:tsx?|mjs|cjs|js|md|json|sql|conf|service|css|html|ya?ml|txt)$/;
/** Folder names the docs use as the start of a path relative to some part of the tree (`platform/…`, `lib/…`). */
const PATH_START = /^(?:src|tests|docs|scripts|bench|drizzle|\.ci|domains|platform|lib|features|components|plugins|modules|app|shared|server|web|deploy)\//;

/**
 * Every path-like reference of a living doc, not only those from a top folder (issue 36: SECURITY named eleven gone
 * files as `lib/rate-limit.ts` or `plugins/session.ts`): a backticked word with a file ending or starting with a
 * known folder, and every relative link target. Wildcard patterns and built output are left to the test above.
 */
export function pathLikeReferences(markdown: string): string[] {
  const backticked = [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((m) => ((m[1] ?? '').trim().split(/\s/)[0] ?? '').replace(/(?::\d+(?:-\d+)?|#[\w-]+|[,.;])$/, ''))
    .filter((p) => p.includes('/') && !/^(?:\/|@|\$|\.\.\/)|:\/\/|=/.test(p))
    .filter((p) => FILE_ENDING.test(p) || PATH_START.test(p));
  const linked = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] ?? '').replace(/#.*$/, ''))
    .filter((p) => p !== '' && !/^(?:[a-z]+:|\/|\.\.\/)/.test(p));
  return [...backticked, ...linked].filter((p) => !/[*<{…]/.test(p));
}

/** Whether a reference names something in the tree: from the root, beside the doc, or as the tail of a real path. */
export function referenceExists(reference: string, docFolder: string, tree: readonly string[]): boolean {
  const bare = reference.replace(/\/$/, '');
  const candidates = [bare, `${docFolder}/${bare}`].map((p) => p.replace(/^\.\//, '').replace(/^\//, ''));
  return tree.some((p) => {
    const entry = p.replace(/\/$/, '');
    const withoutEnding = entry.replace(/\.tsx?$/, '');
    return candidates.includes(entry) || candidates.includes(withoutEnding) || entry.endsWith(`/${bare}`) || withoutEnding.endsWith(`/${bare}`);
  });
}

describe('paths named in the docs', () => {
  it('reads the pattern syntax', () => {
    const tree = ['src/', 'src/a/', 'src/a/b.ts', 'src/a/c.test.tsx', 'src/d/', 'src/d/tables/', 'src/d/tables/x.ts'];
    const matches = (pattern: string) => tree.filter((p) => patternToRegExp(pattern).test(p));
    expect(matches('src/a/b.ts')).toEqual(['src/a/b.ts']);
    expect(matches('src/a')).toEqual(['src/a/']);
    expect(matches('src/**/*.test.tsx')).toEqual(['src/a/c.test.tsx']);
    expect(matches('src/a/{b,c.test}.ts*')).toEqual(['src/a/b.ts', 'src/a/c.test.tsx']);
    expect(matches('src/<domain>/tables/')).toEqual(['src/d/tables/']);
    expect(matches('src/a/gone.ts')).toEqual([]);
    expect(namedPaths('See `src/a/b.ts:12`, `npm test`, `tests/x.test.ts --project api` and `docs/A.md#part`.')).toEqual([
      'src/a/b.ts',
      'tests/x.test.ts',
      'docs/A.md',
    ]);
  });

  it('all exist', () => {
    const tree = filesUnder('', { directories: true, skip: (name) => name.startsWith('.') });
    const missing = markdownFiles().flatMap((file) =>
      namedPaths(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((named) => !OUTPUT.test(named))
        .filter((named) => {
          const pattern = patternToRegExp(named);
          return !tree.some((p) => pattern.test(p));
        })
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads path-like references', () => {
    const text =
      'In `lib/rate-limit.ts` (`refundRateLimit`), `platform/http/error-handler.ts:12`, `text/plain`, `@date-fns/tz`, ' +
      '`POST /api/bookings`, `docs/x/*.md`, `$HATCH_DIST/server.js`, [ops](OPERATIONS.md#backups), [site](https://a.b/c).';
    expect(pathLikeReferences(text)).toEqual(['lib/rate-limit.ts', 'platform/http/error-handler.ts', 'OPERATIONS.md']);
    const tree = ['src/', 'src/server/', 'src/server/platform/', 'src/server/platform/rate-limit.ts', 'docs/', 'docs/OPERATIONS.md'];
    expect(referenceExists('platform/rate-limit.ts', 'docs', tree)).toBe(true);
    expect(referenceExists('OPERATIONS.md', 'docs', tree)).toBe(true);
    expect(referenceExists('lib/rate-limit.ts', 'docs', tree)).toBe(false);
  });

  it('every path-like reference of the living docs exists', () => {
    const tree = filesUnder('', { directories: true, skip: (name) => name.startsWith('.') && name !== '.ci' });
    const missing = livingDocs().flatMap((file) =>
      pathLikeReferences(readFileSync(path.join(ROOT, file), 'utf8'))
        .filter((named) => !OUTPUT.test(named))
        .filter((named) => !referenceExists(named, path.posix.dirname(file), tree))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('CONTRIBUTING names every domain there is', () => {
    const domains = filesUnder('src/server/domains', { directories: true })
      .filter((p) => /^src\/server\/domains\/[^/]+\/$/.test(p))
      .map((p) => p.split('/')[3]);
    const contributing = readFileSync(path.join(ROOT, 'docs/CONTRIBUTING.md'), 'utf8');
    const listed = /`src\/server\/domains\/<domain>\/`: ([^)]+)\)/.exec(contributing)?.[1] ?? '';
    expect(
      listed
        .split(/,\s*/)
        .map((d) => d.trim())
        .sort(),
    ).toEqual(domains.sort());
  });
});
