import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager-items';

const show = (current: number, last: number, visible?: number) =>
  pagerItems(current, last, visible).map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pagerItems', () => {
  it('shows every page when they fit', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(2, 5)).toBe('1 2 3 4 5');
  });
  it('shows five pages around the current one with ellipses and both ends', () => {
    expect(show(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(show(20, 20)).toBe('1 … 16 17 18 19 20');
    expect(show(4, 20)).toBe('1 2 3 4 5 6 … 20');
  });
  it('clamps a page outside the range and shows nothing for no pages', () => {
    expect(show(99, 7)).toBe('1 … 3 4 5 6 7');
    expect(show(1, 0)).toBe('');
  });
  it('honours another number of visible pages', () => {
    expect(show(5, 9, 3)).toBe('1 … 4 5 6 … 9');
  });
});
