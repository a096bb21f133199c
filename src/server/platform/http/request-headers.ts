/** A single-valued request header as text: null when absent, blank or repeated; cut to `max` characters. */
export function headerValue(raw: string | string[] | undefined, max: number): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return raw.trim().slice(0, max);
}
