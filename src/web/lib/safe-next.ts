/**
 * Where to go after login: `next` only when it stays on this site. Resolved with the URL parser, as the browser will
 * resolve it, so every spelling that leaves the origin is caught (`//evil`, `/\evil`, `/\t/evil`, `https://evil`,
 * `javascript:`…), not just the ones a prefix check thinks of. Answers a path (pathname, search and hash).
 *
 * The answer is itself handed to the browser as a URL, so it must not start with `//` or `/\`: dot segments
 * (`/.//evil`, `/%2e//evil`, `/a/..//evil`) resolve on this origin to the path `//evil`, which the browser then reads
 * as another host (issue 19).
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
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // Belt and braces: the path read back as the browser would read it must land on this origin too.
  if (new URL(path, origin).origin !== target.origin) return fallback;
  return path;
}
