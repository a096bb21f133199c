import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstFrames, withFirstFrame } from './first-frames';

function webRootWith(content: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'hatch-frames-'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'first-frames.json'), content);
  return root;
}

const PAGE = '<html><body><div id="root"><div role="status">Loading...</div></div></body></html>';

describe('firstFrames', () => {
  it("reads each page's frame by language and puts it at the top of the app's root", () => {
    const frames = firstFrames(webRootWith(JSON.stringify({ '/': { en: '<h2>Hello</h2>', de: '<h2>Hallo</h2>', xx: '<h2>?</h2>' } })));
    expect(frames.get('/')?.get('de')).toBe('<h2>Hallo</h2>');
    expect([...(frames.get('/')?.keys() ?? [])]).toEqual(['en', 'de']);
    expect(withFirstFrame(PAGE, frames.get('/')?.get('de'))).toBe(
      '<html><body><div id="root"><h2>Hallo</h2><div role="status">Loading...</div></div></body></html>',
    );
    expect(withFirstFrame(PAGE, frames.get('/login')?.get('en'))).toBe(PAGE);
  });

  it('gives none without the file or with one it cannot read: the page keeps its spinner', () => {
    expect(firstFrames(mkdtempSync(path.join(tmpdir(), 'hatch-frames-'))).size).toBe(0);
    expect(firstFrames(webRootWith('{not json')).size).toBe(0);
    expect(firstFrames(webRootWith(JSON.stringify({ '/': { en: 42 } }))).size).toBe(0);
  });
});
