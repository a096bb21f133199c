import type { FastifyReply } from 'fastify';

/** A file name as a quoted-string of plain ASCII (the `filename*` parameter carries the real name, RFC 6266). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * Sends stored bytes as a download under their own name and type, never cached, never shown in the page (a file a
 * mail carried is the sender's bytes, not our markup).
 */
export function sendFileDownload(reply: FastifyReply, file: { filename: string; contentType: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${asciiName(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.bytes);
}
