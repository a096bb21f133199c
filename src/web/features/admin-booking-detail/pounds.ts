/** Pounds typed by staff ('120', '120.5', '120.50', '£1,200.00') to whole pence; null unless a positive amount. */
export function poundsToPence(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match?.[1]) return null;
  const pence = Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > 0 && pence <= 100_000_000 ? pence : null;
}
