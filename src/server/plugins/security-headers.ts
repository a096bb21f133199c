import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** A CSP with no inline script; styles may be inline (toasts and map tiles set them at run time). */
export async function registerSecurityHeaders(app: FastifyInstance, options: { tileOrigins: string[] }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.tileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something over HTTPS; helmet sends it, browsers ignore it on plain HTTP.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
