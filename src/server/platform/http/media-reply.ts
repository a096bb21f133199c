import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../errors';
import type { ByteRange, MediaStorage } from '../storage';
import { MEDIA_CSP } from './security-headers';

/**
 * The one byte range of a `Range: bytes=…` header, clamped to the size: `start-end`, `start-` or `-suffix`. Null for
 * no header or one this does not serve (several ranges, other units): the whole file is sent. 'unsatisfiable' when
 * the range starts past the end (416).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * How long a browser may keep a media answer without asking again. `hour`: a player's or staff's own view of a game.
 * `ask-each-time`: media behind a link its owner can take back (the recap): a browser that kept a copy asks again
 * before showing it, so once the link is withdrawn it gets the 404 too.
 */
export type MediaCaching = 'hour' | 'ask-each-time';
const CACHE_CONTROL: Record<MediaCaching, string> = { hour: 'private, max-age=3600', 'ask-each-time': 'private, no-cache' };

/**
 * Sends a stored photo or video as a stream (never read whole), answering a byte range with 206 (Safari's video
 * player asks for ranges and plays nothing without them) and a range past the end with 416. Media go back
 * privately: never cached by a shared cache, never sniffed as something else.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  notFound: string,
  caching: MediaCaching = 'hour',
) {
  let unsatisfiable = false;
  const media = await storage.open(key, (size) => {
    const range = byteRange(request.headers.range, size);
    unsatisfiable = range === 'unsatisfiable';
    return range === 'unsatisfiable' ? null : range;
  });
  if (!media) throw new NotFoundError(notFound);
  reply
    .header('Cache-Control', CACHE_CONTROL[caching])
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', MEDIA_CSP)
    .header('Accept-Ranges', 'bytes');
  if (unsatisfiable) {
    media.body.destroy();
    return reply.code(416).header('Content-Range', `bytes */${media.size}`).send();
  }
  reply.header('Content-Type', media.contentType);
  if (media.range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${media.range.start}-${media.range.end}/${media.size}`)
      .header('Content-Length', media.range.end - media.range.start + 1);
  } else {
    reply.header('Content-Length', media.size);
  }
  return reply.send(media.body);
}
