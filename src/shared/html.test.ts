import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes every character that could end a text or an attribute, ampersands first', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry &amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry &amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Plain text')).toBe('Plain text');
  });
});
