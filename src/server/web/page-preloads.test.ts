import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagePreloads } from './page-preloads';

function webRootWith(manifest: unknown): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hatch-preloads-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return root;
}

describe('pagePreloads', () => {
  it("preloads the wizard page's chunk and its static imports, once each, not the entry or lazy imports", () => {
    const root = webRootWith({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: [] },
      'features/wizard/wizard-page.tsx': { file: 'assets/wizard-page-2.js', imports: ['main.tsx', '_time-3.js', '_api-4.js'], css: ['assets/style-5.css'] },
      '_time-3.js': { file: 'assets/time-3.js', imports: ['_api-4.js'] },
      '_api-4.js': { file: 'assets/api-4.js', imports: ['main.tsx'] },
      'features/wizard/later-steps.tsx': { file: 'assets/later-6.js', imports: [] },
    });
    const links = pagePreloads(root).get('/') ?? '';
    expect(links.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/style-5.css"',
      'href="/assets/wizard-page-2.js"',
      'href="/assets/time-3.js"',
      'href="/assets/api-4.js"',
    ]);
    expect(links).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/wizard-page-2.js">');
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/style-5.css">');
    expect(pagePreloads(root).has('/login')).toBe(false);
  });

  it('adds nothing without a manifest, or with one it cannot read', () => {
    expect(pagePreloads(mkdtempSync(path.join(tmpdir(), 'hatch-preloads-'))).size).toBe(0);
    expect(pagePreloads(webRootWith({ 'features/wizard/wizard-page.tsx': { nofile: true } })).size).toBe(0);
  });
});
