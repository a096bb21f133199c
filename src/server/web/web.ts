import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { escapeHtml } from '../../shared/html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { csrfTokenFor, ensureSessionToken } from '../domains/identity';
import { pagePreloads } from './page-preloads';
import { firstFrames, withFirstFrame } from './first-frames';
import { requestLanguage, translateMessage } from '../platform/i18n';
import { isApiPath } from '../platform/http/api-path';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, LANGUAGES, languageOfTag, negotiateLanguage, type Language } from '../../shared/i18n/languages';

const FALLBACK_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>hatch</title></head>
<body><p>The web app has not been built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * Serves the built SPA: hashed assets as static files, and every other GET page as index.html with
 * the visitor's CSRF token in `<meta name="csrf-token">`. Unknown /api/ paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, options: { webRoot: string; csrfKey: string; pageMeta?: Record<string, string> }): Promise<void> {
  // Settings the SPA reads at run time (terms link, map tiles), so one environment variable sets each.
  const staticMeta = Object.entries(options.pageMeta ?? {})
    .map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`)
    .join('');
  const indexFile = path.join(options.webRoot, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_HTML;
  // Per language: a page's catalogues are preloaded in the language it is served in (decision 0590).
  const preloads = new Map(LANGUAGES.map((language) => [language, pagePreloads(options.webRoot, language)]));
  const frames = firstFrames(options.webRoot);
  if (existsSync(options.webRoot)) {
    precompressAssets(path.join(options.webRoot, 'assets'));
    await app.register(fastifyStatic, {
      root: options.webRoot,
      index: false,
      wildcard: false,
      // The build manifest (.vite/) is for the server, not for browsers.
      dotfiles: 'deny',
      // Serves asset.js.gz (made below) to browsers that accept gzip: about a third of the bytes.
      preCompressed: true,
      // Vite names assets by content hash, so they never change under the same name.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const renderPage = (request: FastifyRequest, reply: FastifyReply) => {
    const token = ensureSessionToken(request, reply);
    const pathname = request.url.split('?')[0] ?? '';
    const language = pageLanguage(request, reply);
    const meta = `<meta name="csrf-token" content="${escapeHtml(csrfTokenFor(options.csrfKey, token))}">${staticMeta}${preloads.get(language)?.get(pathname) ?? ''}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Language, Cookie')
      .send(
        withFirstFrame(
          template.replace(/<html lang="[^"]*">/, `<html lang="${language}">`).replace('</head>', `${meta}</head>`),
          frames.get(pathname)?.get(language),
        ),
      );
  };

  app.get('/', { schema: { hide: true } }, renderPage);
  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return renderPage(request, reply);
    }
    return reply.code(404).send({ message: translateMessage(requestLanguage(request), 'Not found'), code: 'not_found' });
  });
}

/**
 * A page's language (api-contract, "Languages"; the one rule in shared/i18n/languages.ts): `?lang=xx`, which is then
 * kept for the visitor in a cookie, else the signed-in staff member's own (decision 0620), else the kept one, else
 * Accept-Language. The page's `<html lang>` says it, and the
 * app reads its catalogues from there.
 */
function pageLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_QUERY);
  const header = request.headers['accept-language'];
  const language = negotiateLanguage({
    query,
    account: request.auth.user?.language,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: Array.isArray(header) ? header.join(',') : header,
  });
  if (languageOfTag(query) !== null) {
    // Not HttpOnly: the page's own switcher writes the same cookie. Nothing secret is in it.
    void reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600 });
  }
  return language;
}

/**
 * Writes a gzip copy beside each text asset once (the first start after a build): assets are immutable,
 * so compressing them per request would be wasted work. Written under a temporary name and renamed, so
 * two processes starting together never serve a half-written file. A read-only folder just means
 * uncompressed answers.
 */
function precompressAssets(dir: string): void {
  try {
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css|svg|json|txt|html)$/.test(name) || existsSync(path.join(dir, `${name}.gz`))) continue;
      const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
      writeFileSync(temporary, gzipSync(readFileSync(path.join(dir, name)), { level: 9 }));
      renameSync(temporary, path.join(dir, `${name}.gz`));
    }
  } catch {
    // no assets folder, or not writable: the files are served as they are
  }
}
