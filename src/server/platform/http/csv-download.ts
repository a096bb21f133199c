import { pipeline, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { collectingPassThrough } from '../memory/streamed-garbage';

/**
 * Sends a CSV export as a download: the file name the browser saves, never cached. Fastify pipes the stream as it is
 * (no serializer runs); the route's response schema only documents the CSV body. The chunks pass through a young
 * collection every few MB (decision 0550): the 1 M export read 240 MB from PostgreSQL, each socket chunk dropped at
 * once, and the process grew by 42 MB of them before V8 collected (decision 0606).
 */
/** Every MB: an export's chunks come faster than a phone's upload, and a young collection costs about 0.05 ms. */
const EXPORT_COLLECT_EVERY = 2 ** 20;

export function sendCsvDownload(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  // pipeline: an error of the source reaches the stream Fastify sends (and is handled there), and a download cancelled
  // by the client destroys the source too (the COPY's connection is then discarded, platform/db/client.ts).
  const body = pipeline(stream, collectingPassThrough(EXPORT_COLLECT_EVERY), () => undefined);
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}
