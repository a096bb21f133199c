import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertPhotoKey, contentTypeOfKey, isPhotoKey, type PhotoStorage } from './photo-storage';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const isNotFound = (error: unknown) => error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Photos in an S3-compatible bucket. Checksums only where the protocol requires them: several S3-compatible
 * services refuse the newer default checksum headers.
 */
export function s3PhotoStorage(settings: S3Settings): PhotoStorage & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertPhotoKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      assertPhotoKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return { bytes: await answer.Body.transformToByteArray(), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertPhotoKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'games/', ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isPhotoKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
