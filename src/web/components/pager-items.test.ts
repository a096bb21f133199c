import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager-items';

const show = (current: number, last: number, visible?: number) =>
  pagerItems(current, last, visible)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');
const numbers = (current: number, last: number, visible?: number) => pagerItems(current, last, visible).filter((i) => i.kind === 'page').length;

describe('pagerItems', () => {
  it('shows every page when they fit', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(2, 5)).toBe('1 2 3 4 5');
  });
  it('shows five page numbers in all, first and last included, with ellipses', () => {
    expect(show(1, 20)).toBe('1 2 3 4 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(show(20, 20)).toBe('1 … 17 18 19 20');
    expect(show(4, 20)).toBe('1 … 3 4 5 … 20');
    expect(show(3, 6)).toBe('1 2 3 4 … 6');
  });
  it('never shows more than five numbers for any page (spec: 5 visible pages)', () => {
    for (let last = 1; last <= 30; last++) {
      for (let current = 1; current <= last; current++) {
        expect(numbers(current, last)).toBeLessThanOrEqual(5);
        expect(show(current, last).split(' ')).toContain(String(current));
      }
    }
  });
  it('clamps a page outside the range and shows nothing for no pages', () => {
    expect(show(99, 7)).toBe('1 … 4 5 6 7');
    expect(show(1, 0)).toBe('');
  });
  it('honours another number of visible pages', () => {
    expect(show(5, 9, 3)).toBe('1 … 5 … 9');
    expect(numbers(5, 9, 7)).toBe(7);
  });
});
