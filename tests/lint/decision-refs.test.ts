import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, ROOT } from './repo-files';

/**
 * Every decision a doc or a comment cites exists: `decision 0240`, `decisions 0250, 0252 and 0190`,
 * `decisions 0220–0229` (a range needs its first record) and `docs/decisions/0150…`. Records are folded into the
 * decisions they serve (issue 28 folded 49 changelog records); a citation of a folded number must move with it.
 */
const SCANNED = ['README.md', 'docs', 'src', 'tests', 'scripts', 'bench', '.ci', 'eslint.config.js', 'vitest.config.ts', 'vite.config.ts'];

const NUMBER = String.raw`\b0\d{3}\b`;
const SEPARATOR = String.raw`(?:,\s*|\s+and\s+|\s+or\s+|\s*/\s*|\s*[–-]\s*)`;
const CITED = new RegExp(String.raw`[Dd]ecisions?\s+(${NUMBER}(?:${SEPARATOR}${NUMBER})*)|docs/decisions/(0\d{3})`, 'g');

/** The decision numbers a text cites (a range gives its first number). */
export function citedDecisions(text: string): string[] {
  return [...text.matchAll(CITED)].flatMap((m) => {
    if (m[2]) return [m[2]];
    const list = m[1] ?? '';
    // In a range only the first number must exist (0220–0229 names a block of numbers).
    return list.replace(new RegExp(String.raw`(${NUMBER})\s*[–-]\s*${NUMBER}`, 'g'), '$1').match(/0\d{3}/g) ?? [];
  });
}

describe('decision citations', () => {
  it('reads the ways a decision is cited', () => {
    expect(citedDecisions('(decisions 0250, 0252 and 0190); decision 0240. See docs/decisions/0150-booking-metrics.md')).toEqual([
      '0250',
      '0252',
      '0190',
      '0240',
      '0150',
    ]);
    expect(citedDecisions('decisions 0220–0229, and the phone 0123')).toEqual(['0220']);
  });

  it('name records that exist', () => {
    const records = new Set(readdirSync(path.join(ROOT, 'docs/decisions')).map((name) => name.slice(0, 4)));
    const missing = SCANNED.flatMap((dir) => filesUnder(dir, { skip: (name) => name === 'results' }))
      .filter((file) => /\.(md|ts|tsx|js|mjs)$/.test(file) || file.endsWith('/run'))
      .flatMap((file) =>
        citedDecisions(readFileSync(path.join(ROOT, file), 'utf8'))
          .filter((n) => !records.has(n))
          .map((n) => `${file}: ${n}`),
      );
    expect(missing).toEqual([]);
  });
});
