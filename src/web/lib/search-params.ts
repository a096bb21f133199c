/**
 * The address's query with one filter set ('' removes it). Any change but the page's own goes back to the first page,
 * so a narrower filter never lands on a page past its end.
 */
export function withParam(prev: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  return next;
}
