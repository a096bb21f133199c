import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one check for import circles in src (decision 0640). A circle of values breaks module start-up order; a circle
 * closed by `import type` still ties the files' meanings together (booking-write → booking-record → contact-columns →
 * (type) booking-write did, issue 28); a lazy `import()` back into a file that imports it ties them too. So this walk
 * counts every import and `export … from` (types included), every side-effect import and every `import('…')`. It took
 * over from eslint's import-x/no-cycle, which left type imports out and took a fifth of the lint's CPU.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.join(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  return new Map(files.map((file) => [file, [...read(file).matchAll(IMPORT)].flatMap((m) => resolve(file, m[1] ?? m[2] ?? m[3] ?? '') ?? [])]));
}

/** The strongly connected groups of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) group.push(w);
      } while (w && w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles, type-only imports counted', () => {
  it('finds a circle closed by a type import', () => {
    const files: Record<string, string> = {
      'src/server/domains/booking/booking-write.ts': "import { loadBookingAggregate } from './booking-record';",
      'src/server/domains/booking/booking-record.ts': "import { contactOfRow } from './contact-columns';",
      'src/server/domains/booking/contact-columns.ts': "import type { BookingRow } from './booking-write';",
    };
    expect(cycles(importGraph(Object.keys(files), (file) => files[file] ?? ''))).toHaveLength(1);
  });

  it('finds a circle closed by a lazy import or a side-effect import', () => {
    const files: Record<string, string> = {
      'src/web/app/router.tsx': "const Page = lazy(() => import('../features/wizard/wizard-page'));",
      'src/web/features/wizard/wizard-page.tsx': "import '../../app/router';",
    };
    expect(cycles(importGraph(Object.keys(files), (file) => files[file] ?? ''))).toHaveLength(1);
  });

  it('finds the circle one more import in the real tree would close', () => {
    // src/shared/api/booking.ts imports ../tracking: tracking importing it back closes the loop.
    const tracking = path.join('src', 'shared', 'tracking.ts');
    const read = (file: string) => readFileSync(file, 'utf8') + (file === tracking ? "\nimport { bookingEndpoint } from './api/booking';\n" : '');
    expect(cycles(importGraph(sourceFiles('src'), read))).toEqual([[path.join('src', 'shared', 'api', 'booking.ts'), tracking]]);
  });

  it('finds none in src', () => {
    expect(cycles(importGraph(sourceFiles('src'), (file) => readFileSync(file, 'utf8')))).toEqual([]);
  });
});
