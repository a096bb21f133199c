import { describe, expect, it } from 'vitest';
import { scriptsAtLowPriority } from './script-priority';

describe('scriptsAtLowPriority', () => {
  it('puts the module scripts and module preloads at low priority and leaves the styles as they are', () => {
    const built = [
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/languages-3.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-4.css">',
    ].join('\n');
    expect(scriptsAtLowPriority(built)).toBe(
      [
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/languages-3.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-4.css">',
      ].join('\n'),
    );
  });

  it('keeps a priority a tag already names, so a second pass changes nothing', () => {
    const once = scriptsAtLowPriority('<script type="module" crossorigin src="/a.js"></script><link rel="modulepreload" fetchpriority="high" href="/b.js">');
    expect(once).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/a.js"></script><link rel="modulepreload" fetchpriority="high" href="/b.js">',
    );
    expect(scriptsAtLowPriority(once)).toBe(once);
  });
});
