import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV export as a download: the file name the browser saves, never cached. Fastify pipes the stream as it is
 * (no serializer runs); the route's response schema only documents the CSV body.
 */
export function sendCsvDownload(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(stream);
}
