import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/**
 * A JSON file the build wrote beside its manifest (`<webRoot>/.vite/<name>`), checked against `schema`; null when it is
 * missing, unreadable or of another shape: a broken build file costs what it adds to the pages, never the start.
 */
export function readBuildFile<T extends z.ZodTypeAny>(webRoot: string, name: string, schema: T): z.infer<T> | null {
  const file = path.join(webRoot, '.vite', name);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
