import { describe, expect, it } from 'vitest';
import { withParam } from './search-params';

describe('withParam', () => {
  it('sets a filter and goes back to the first page; clears one with an empty value; keeps the others', () => {
    const prev = new URLSearchParams('status=pending&page=3&game=ABC');
    expect(withParam(prev, 'status', 'approved').toString()).toBe('status=approved&game=ABC');
    expect(withParam(prev, 'game', '').toString()).toBe('status=pending');
    expect(withParam(prev, 'page', '4').toString()).toBe('status=pending&page=4&game=ABC');
    expect(prev.toString()).toBe('status=pending&page=3&game=ABC');
  });
});
