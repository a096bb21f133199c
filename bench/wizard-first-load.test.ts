import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wizardFirstLoad } from '../scripts/wizard-first-load';

/** A built web root: index.html naming its assets, Vite's manifest, and the files. */
function webRoot(files: Record<string, string>, manifest: unknown): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hatch-first-load-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(root, 'index.html'),
    '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" href="/assets/index-1.css">',
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

describe("the wizard's first load (the build's budget and the bench's bundle section)", () => {
  it("counts index.html's assets and the wizard page with its static imports, not its lazy ones, in gzip bytes", () => {
    const big = 'x'.repeat(50_000) + Array.from({ length: 2_000 }, (_, i) => i * 7919).join(',');
    const root = webRoot(
      {
        'assets/index-1.js': big,
        'assets/index-1.css': 'body{}',
        'assets/wizard-2.js': 'wizard',
        'assets/shared-3.js': 'shared',
        'assets/later-4.js': big + big,
      },
      {
        'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], dynamicImports: ['features/wizard/wizard-page.tsx'] },
        'features/wizard/wizard-page.tsx': { file: 'assets/wizard-2.js', imports: ['index.html', '_shared-3.js'], dynamicImports: ['later.tsx'] },
        '_shared-3.js': { file: 'assets/shared-3.js' },
        'later.tsx': { file: 'assets/later-4.js' },
      },
    );
    const load = wizardFirstLoad(root);
    expect(load.file_list).toEqual(['/assets/index-1.js', '/assets/index-1.css', '/assets/wizard-2.js', '/assets/shared-3.js']);
    const gz = (text: string) => gzipSync(text, { level: 6 }).length;
    expect(load.js_gzip_kb).toBe(Math.round(((gz(big) + gz('wizard') + gz('shared')) / 1024) * 10) / 10);
    expect(load.budget_js_gzip_kb).toBe(150);
  });

  it('refuses to measure without a manifest naming the wizard page', () => {
    const root = webRoot({ 'assets/index-1.js': '', 'assets/index-1.css': '' }, {});
    expect(() => wizardFirstLoad(root)).toThrow(/no build manifest naming the wizard page/);
  });
});
