import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer: a CSP with no inline script (styles may be inline: toasts and map tiles
 * set them at run time), HSTS, nosniff, a referrer policy, no framing.
 *
 * helmet works out the header values once, at start, on a response that is never sent; every request then gets
 * the same headers in one call. (The Fastify plugin rebuilt helmet and re-parsed the CSP on every request.)
 */
function securityHeaders(options: { tileOrigins: string[] }): Record<string, string> {
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

export function registerSecurityHeaders(app: FastifyInstance, options: { tileOrigins: string[] }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
