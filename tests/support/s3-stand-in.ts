import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service, enough for the photo storage adapter: path-style
 * PutObject, GetObject, DeleteObject and ListObjectsV2 (pages of `max-keys`) on one bucket, in memory. It checks that each request is signed (AWS
 * Signature V4) with the expected access key, and answers errors in S3's XML, so the real SDK's parsing runs.
 */
export type S3StandIn = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request as `METHOD /path`, for asserting what the adapter sent. */
  requests: string[];
  /**
   * Closes the connection of the next `count` requests without an answer, as a server does to a kept-alive
   * connection it timed out while the client was sending on it (the client sees "socket hang up").
   */
  dropNext(count: number): void;
  close(): Promise<void>;
};

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** ListObjectsV2: keys in order after the continuation token (here simply the last key of the page before). */
function listObjects(res: ServerResponse, bucket: string, objects: S3StandIn['objects'], query: URLSearchParams) {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? '';
  // S3 pages by 1000; the stand-in by 2 unless asked, so a caller's paging is exercised with a handful of keys.
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 2) || 2, 1000);
  const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page.map((k) => `<Contents><Key>${xmlText(k)}</Key><Size>${objects.get(k)?.body.byteLength ?? 0}</Size></Contents>`).join('');
  const next = truncated ? `<NextContinuationToken>${xmlText(page.at(-1) ?? '')}</NextContinuationToken>` : '';
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

export async function startS3StandIn(bucket = 'hatch-photos'): Promise<S3StandIn> {
  const accessKeyId = 'STANDINKEY';
  const objects: S3StandIn['objects'] = new Map();
  const requests: string[] = [];
  let dropping = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      requests.push(`${req.method} ${url.pathname}`);
      if (dropping > 0) {
        dropping--;
        return req.socket.destroy();
      }
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers['x-amz-date']) {
        return xmlError(res, 403, 'AccessDenied', 'Access Denied');
      }
      const [, bucketName, ...keyParts] = url.pathname.split('/');
      if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(keyParts.join('/'));
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(res, bucket, objects, url.searchParams);
      if (!key) return xmlError(res, 400, 'InvalidRequest', 'A key is needed');
      if (req.method === 'PUT') {
        if (req.headers['content-encoding']?.includes('aws-chunked')) return xmlError(res, 501, 'NotImplemented', 'aws-chunked uploads');
        const body = await readBody(req);
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(200, { etag: `"${body.byteLength}"` });
        return res.end();
      }
      if (req.method === 'HEAD') {
        const found = objects.get(key);
        res.writeHead(found ? 200 : 404, found ? { 'content-type': found.contentType, 'content-length': found.body.byteLength } : {});
        return res.end();
      }
      if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        // A byte range as S3 answers it (the review's video player asks for ranges).
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (range) {
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), found.body.byteLength - 1)];
          const part = found.body.subarray(start, end + 1);
          res.writeHead(206, {
            'content-type': found.contentType,
            'content-length': part.byteLength,
            'content-range': `bytes ${start}-${end}/${found.body.byteLength}`,
          });
          return res.end(part);
        }
        res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.byteLength });
        return res.end(found.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'Not supported by the stand-in');
    })().catch(() => xmlError(res, 500, 'InternalError', 'stand-in failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'stand-in-secret',
    objects,
    requests,
    dropNext: (count) => {
      dropping = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
