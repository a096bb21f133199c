import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * import-x/no-cycle leaves type-only imports out (they are erased at run time), so a circle closed by `import type`
 * passes lint: booking-write → booking-record → contact-columns → (type) booking-write did (issue 28). A circle of
 * types still ties the files' meanings together, so this walk counts every import and export … from, types included.
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

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'/g;

function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  return new Map(files.map((file) => [file, [...read(file).matchAll(IMPORT)].flatMap((m) => resolve(file, m[1] ?? '') ?? [])]));
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

  it('finds none in src', () => {
    expect(cycles(importGraph(sourceFiles('src'), (file) => readFileSync(file, 'utf8')))).toEqual([]);
  });
});
