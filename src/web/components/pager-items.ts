export type PagerItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: string };

/**
 * The numbered pages to show around the current one: at most `visible` numbers in all (spec: 5),
 * counting the first and last page, which stay reachable, with an ellipsis where pages are skipped.
 */
export function pagerItems(current: number, last: number, visible = 5): PagerItem[] {
  if (last <= 0) return [];
  const page = Math.min(Math.max(1, current), last);
  const slots = Math.max(3, visible);
  if (last <= slots) return Array.from({ length: last }, (_, i) => ({ kind: 'page', page: i + 1 }));
  // The first and last page take two of the slots; the rest is a window around the current page.
  const inner = slots - 2;
  let start = Math.max(2, page - Math.floor((inner - 1) / 2));
  const end = Math.min(last - 1, start + inner - 1);
  start = Math.max(2, end - inner + 1);
  const items: PagerItem[] = [{ kind: 'page', page: 1 }];
  if (start > 2) items.push({ kind: 'ellipsis', key: 'start' });
  for (let p = start; p <= end; p++) items.push({ kind: 'page', page: p });
  if (end < last - 1) items.push({ kind: 'ellipsis', key: 'end' });
  items.push({ kind: 'page', page: last });
  return items;
}
