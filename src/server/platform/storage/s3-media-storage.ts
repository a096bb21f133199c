import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { assertMediaKey, contentTypeOfKey, isMediaKey, type MediaStorage } from './media-storage';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/**
 * A request that failed before any answer came (the connection reset or closed under it, as when the bucket timed out a
 * kept-alive connection while our process was busy): the SDK names these TimeoutError and retries them, but not for a
 * streamed body, which it cannot read twice.
 */
const isConnectionLost = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
const FILE_ATTEMPTS = 3;

type S3Sdk = typeof S3;

const isNotFound = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket. Checksums only where the protocol requires them: several S3-compatible
 * services refuse the newer default checksum headers. A video goes up as a file stream with its length (one PUT:
 * the cap of 50 MB is far under S3's 5 GB for one PUT) and comes down as the object's stream, by range.
 */
export function s3MediaStorage(settings: S3Settings): MediaStorage & { close(): void } {
  // The SDK is loaded when a bucket is configured, not by every process that imports the storage (a quarter of a second
  // of CPU and 8 MB of heap: docs/decisions/0680-modules-loaded-on-first-use.md); its first call waits for it.
  const loading: Promise<{ sdk: S3Sdk; client: S3.S3Client }> = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    }),
  }));
  // A failed load is each call's error, not an unhandled rejection of a process that never calls.
  loading.catch(() => undefined);
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      const { sdk, client } = await loading;
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async putFile(key, file, contentType) {
      assertMediaKey(key);
      const { sdk, client } = await loading;
      const { size } = await stat(file);
      // A fresh stream for each attempt: a file is read again from its start, where the SDK could not replay the stream.
      for (let attempt = 1; ; attempt++) {
        const body = createReadStream(file);
        try {
          await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
          return;
        } catch (error) {
          body.destroy();
          if (attempt >= FILE_ATTEMPTS || !isConnectionLost(error)) throw error;
        }
      }
    },
    async get(key) {
      assertMediaKey(key);
      const { sdk, client } = await loading;
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return { bytes: await answer.Body.transformToByteArray(), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },
    async open(key, rangeOf) {
      assertMediaKey(key);
      const { sdk, client } = await loading;
      try {
        // The size first, so the range is clamped as for a local file (one HEAD more per range request).
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        const range = rangeOf?.(size) ?? null;
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        if (!(answer.Body instanceof Readable)) return null;
        return { body: answer.Body, contentType: contentTypeOfKey(key), size, range };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      const { sdk, client } = await loading;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      const { sdk, client } = await loading;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: 'games/', ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      void loading.then(
        ({ client }) => client.destroy(),
        () => undefined,
      );
    },
  };
}
