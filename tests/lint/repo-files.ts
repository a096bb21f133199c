import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for the lint tier's scans of its files. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Every file below `dir` (relative to the root, `/`-separated; `dir` itself when it is a file), skipping
 * node_modules and what `skip` names; with `directories`, each folder too, with a trailing `/`.
 */
export function filesUnder(dir: string, options: { directories?: boolean; skip?: (name: string) => boolean } = {}): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [dir];
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || options.skip?.(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) return [relative];
    return [...(options.directories ? [`${relative}/`] : []), ...filesUnder(relative, options)];
  });
}
