import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './api-path';

/**
 * The security headers of a page (the SPA, its assets, the service worker): a CSP with no inline script (styles may be
 * inline: toasts and map tiles set them at run time), HSTS, nosniff, a referrer policy, no framing, and helmet's other
 * headers for documents.
 *
 * helmet works out the header values once, at start, on a response that is never sent; every request then gets
 * the same headers in one call. (The Fastify plugin rebuilt helmet and re-parsed the CSP on every request.)
 */
function pageHeaders(options: { tileOrigins: string[] }): Record<string, string> {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.tileOrigins],
        // A video previewed before it is sent, or fetched with a player's token, plays from an object URL (blob:).
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The players' service worker fetches map tiles itself to keep them for offline play (decision 0433), and a
        // worker's fetches answer to the CSP it was served with.
        connectSrc: ["'self'", ...options.tileOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something over HTTPS; browsers ignore it on plain HTTP.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  apply(request, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * An API answer's CSP (decision 0605): nothing may load, run, post or frame. A JSON answer loads nothing, so this is
 * OWASP's REST policy (`default-src 'none'; frame-ancestors 'none'`), with the two directives that do not fall back to
 * default-src closed too; every directive is at least as strict as the page's.
 */
export const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A photo or video under /api opened on its own: the browser's media viewer shows the file itself (same origin) and
 * nothing else; no script, no framing.
 */
export const MEDIA_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The headers of an API answer (decision 0605, OWASP REST Security Cheat Sheet, "Security headers"): the strict CSP
 * above, X-Frame-Options DENY (its older equal), nosniff, HSTS, the page's resource and referrer policies, and no
 * caching unless the route says otherwise (a file, a photo, the price list). Left out are the headers only a document
 * reads: the page's CSP, X-XSS-Protection, Origin-Agent-Cluster, Cross-Origin-Opener-Policy, X-DNS-Prefetch-Control,
 * X-Download-Options and X-Permitted-Cross-Domain-Policies.
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  const kept = (name: string): Record<string, string> => (page[name] === undefined ? {} : { [name]: page[name] });
  return {
    'content-security-policy': API_CSP,
    ...kept('cross-origin-resource-policy'),
    ...kept('referrer-policy'),
    ...kept('strict-transport-security'),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

/**
 * An answer of the API: a route under /api/, or (no route matched) a path the not-found handler answers with JSON.
 * Decided on the route the router matched, as the session's check is: the router decodes `/%61pi/…` into `/api/…`.
 */
function isApiAnswer(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined ? isApiPath(request.url) : route.startsWith('/api/');
}

export function registerSecurityHeaders(app: FastifyInstance, options: { tileOrigins: string[] }): void {
  const page = pageHeaders(options);
  const api = apiHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiAnswer(request) ? api : page);
    done();
  });
}
