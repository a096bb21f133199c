import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
/**
 * The ownership lint (no-restricted-imports, eslint.config.js) sees a table only where it is imported: SQL text that
 * names a table by hand (`left join games g …`) slips past it. This scan is its other half: outside the owning domain
 * (and the tables/ and seed/ folders the lint leaves out too), no SQL text reads or writes an owned table by name.
 */
/** Every domain's table modules (domains/<d>/tables/*.ts), so a new domain or table is scanned without a change here. */
const tableModules = import.meta.glob<Record<string, unknown>>('../../src/server/domains/*/tables/*.ts', { eager: true });
const OWNED: Record<string, string[]> = {};
for (const [file, module] of Object.entries(tableModules)) {
  const domain = /domains\/([^/]+)\/tables\//.exec(file)?.[1];
  if (!domain) continue;
  const names = Object.values(module)
    .filter(isTable)
    .map((t) => getTableName(t));
  OWNED[domain] = [...(OWNED[domain] ?? []), ...names];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'tables' || entry.name === 'seed' ? [] : sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** `from x`, `join x`, `update x`, `into x`, `table x` for an owned table x, quoted or not, outside comments. */
function namesByHand(source: string, tables: string[]): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = new RegExp(`\\b(?:from|join|update|into|table)\\s+"?(${tables.join('|')})\\b"?`, 'gi');
  return [...code.matchAll(pattern)].map((m) => m[0]);
}

describe('owned tables in SQL text', () => {
  it('reads the table names from the tables (a rename cannot empty the scan)', () => {
    expect(OWNED.booking).toEqual(expect.arrayContaining(['bookings', 'contact_history', 'teams']));
    expect(OWNED.game).toEqual(expect.arrayContaining(['games', 'game_instances', 'players', 'submissions', 'game_showcase']));
    // The ledger is the commerce domain's (decision 0545).
    expect(OWNED.commerce).toEqual(expect.arrayContaining(['booking_payments', 'checkouts', 'gift_vouchers', 'invoices']));
    expect(OWNED.identity).toEqual(expect.arrayContaining(['users', 'activity_log']));
    expect(Object.keys(OWNED)).toEqual(expect.arrayContaining(['booking', 'catalogue', 'commerce', 'game', 'identity', 'proposals']));
  });

  it('catches a hand-written join (the probe the COPY export used to be)', () => {
    expect(namesByHand('const q = `select 1 from bookings\n  left join games g on g.booking_id = bookings.id`;', OWNED.game ?? [])).toEqual(['join games']);
    expect(namesByHand('/** reads from games */\nconst q = sql`select 1`;', OWNED.game ?? [])).toEqual([]);
  });

  it.each(Object.entries(OWNED))('no file outside the %s domain names its tables in SQL text', (domain, tables) => {
    const found = sourceFiles('src/server')
      .filter((file) => !file.includes(`${path.sep}domains${path.sep}${domain}${path.sep}`))
      .flatMap((file) => namesByHand(readFileSync(file, 'utf8'), tables).map((hit) => `${file}: ${hit}`));
    expect(found).toEqual([]);
  });
});
