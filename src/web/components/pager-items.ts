export type PagerItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

/**
 * The numbered pages to show around the current one: at most `visible` numbers, with the first and
 * last page always reachable and an ellipsis where pages are skipped.
 */
export function pagerItems(current: number, last: number, visible = 5): PagerItem[] {
  if (last <= 0) return [];
  const page = Math.min(Math.max(1, current), last);
  if (last <= visible) return Array.from({ length: last }, (_, i) => ({ kind: 'page', page: i + 1 }));
  const half = Math.floor(visible / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(last, start + visible - 1);
  start = Math.max(1, end - visible + 1);
  const items: PagerItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    if (start > 2) items.push({ kind: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p++) items.push({ kind: 'page', page: p });
  if (end < last) {
    if (end < last - 1) items.push({ kind: 'ellipsis', key: 'end' });
    items.push({ kind: 'page', page: last });
  }
  return items;
}
