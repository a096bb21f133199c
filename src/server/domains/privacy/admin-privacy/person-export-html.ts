import { escapeHtml } from '../../../../shared/html';
import type { PersonExport } from '../../../../shared/api/privacy';

const cell = (value: unknown) => escapeHtml(value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The person's export as one readable page: a table per part, a row per record (the JSON export's very data). */
export function personExportHtml(data: PersonExport): string {
  const sections = Object.entries(data.parts).map(([name, rows]) => {
    if (rows.length === 0) return `<h2>${escapeHtml(name)}</h2><p>Nothing held.</p>`;
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
    const body = rows.map((r) => `<tr>${columns.map((c) => `<td>${cell(r[c])}</td>`).join('')}</tr>`).join('\n');
    return `<h2>${escapeHtml(name)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Personal data of ${escapeHtml(data.email)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:1.5rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>
</head><body><h1>Personal data of ${escapeHtml(data.email)}</h1><p>Exported ${escapeHtml(data.exported_at)}</p>
${sections.join('\n')}
</body></html>
`;
}
