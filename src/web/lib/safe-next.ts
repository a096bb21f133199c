/**
 * Where to go after login: `next` only when it stays on this site. Resolved with the URL parser, as the browser will
 * resolve it, so every spelling that leaves the origin is caught (`//evil`, `/\evil`, `/\t/evil`, `https://evil`,
 * `javascript:`…), not just the ones a prefix check thinks of. Answers a path (pathname, search and hash).
 */
export function safeNextPath(next: string | null | undefined, origin: string, fallback: string): string {
  if (!next) return fallback;
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(origin).origin) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
