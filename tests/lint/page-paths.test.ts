import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/shared/page-paths';

/**
 * The server writes a link to one of the SPA's pages (a mail's link, a payment's return address) from the one list of
 * page paths (src/shared/page-paths.ts, with `pageUrl` for the public origin), so a moved page cannot leave a dead
 * link in a mail (issue 36: the voucher mail, the payment return and the scheduled mails typed theirs by hand).
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** The first segment of every page path of the list ('/manage', '/gift-vouchers', …). */
function pageRoots(): string[] {
  const all: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') all.push(value);
    else if (typeof value === 'function') all.push(String(value('x', 'y')));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(paths);
  return [...new Set(all.map((p) => `/${p.split('/')[1] ?? ''}`).filter((root) => root !== '/'))];
}

/** A page path written in a string or template literal: a root right after a quote or a `${…}`, then its end or more. */
function handTyped(source: string, roots: string[]): string[] {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
    .join('\n');
  const alternatives = roots.map((r) => r.slice(1).replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|');
  const literal = new RegExp(`(?<=[\`'"}])/(?:${alternatives})(?=[/'"\`?#$])[^'"\`\\s]*`, 'g');
  return code.match(literal) ?? [];
}

describe('links to the SPA’s pages', () => {
  it('catches a hand-typed page path', () => {
    const roots = pageRoots();
    expect(roots).toEqual(expect.arrayContaining(['/manage', '/gift-vouchers', '/admin', '/host']));
    expect(handTyped('const u = `${base}/manage/${key}/paid`; const v = `${b}/host`;', roots)).toEqual(['/manage/${key}/paid', '/host']);
    expect(handTyped("import x from '../booking'; const p = pageUrl(b, paths.manage(k)); const api = '/api/booking/x';", roots)).toEqual([]);
  });

  it('are built from the page list everywhere in the server', () => {
    const roots = pageRoots();
    const found = sourceFiles('src/server').flatMap((file) => handTyped(readFileSync(file, 'utf8'), roots).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });
});
