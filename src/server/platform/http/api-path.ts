/**
 * Whether a path the router did not match is meant for the API, however it is spelled (`/%61pi/x`, `//api/x`,
 * `/API/x`): such a request gets a JSON 404, never the web page, and the API's headers (security-headers.ts).
 */
export function isApiPath(url: string): boolean {
  const raw = url.split(/[?#]/)[0] ?? '';
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    pathname = raw;
  }
  const normalized = pathname.replaceAll(/\/+/g, '/').toLowerCase();
  return normalized === '/api' || normalized.startsWith('/api/');
}
