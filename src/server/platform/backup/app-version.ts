import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** package.json's version, found from the source tree and from the bundled server alike (as the migrations are). */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && 'name' in parsed && parsed.name === 'hatch' && 'version' in parsed && typeof parsed.version === 'string')
        return parsed.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}
