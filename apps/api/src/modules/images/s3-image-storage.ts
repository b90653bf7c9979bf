import {
  DependencyUnavailableError,
  isConnectionFailure,
} from '../../lib/dependency-unavailable.js';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertValidKey, type ImageStorage } from './image-storage.js';

/** Where the bucket is and how to reach it, as read from S3_URL. */
export interface S3Location {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  /** Keys are stored under this prefix (no leading or trailing slash), or at the root. */
  prefix: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most others). */
  forcePathStyle: boolean;
}

export class S3UrlError extends Error {
  constructor(problem: string) {
    super(`S3_URL: ${problem}`);
    this.name = 'S3UrlError';
  }
}

/**
 * `s3+https://KEY:SECRET@host:port/bucket/prefix?region=…&path_style=true` for an
 * S3-compatible server, `s3://bucket/prefix?region=…` for AWS itself (docs/deploy.md#image-storage).
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const params = url.searchParams;
  let endpoint: string | undefined;
  let bucket: string;
  let rest: string[];
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (url.protocol === 's3:') {
    bucket = decodeURIComponent(url.hostname);
    rest = segments;
  } else if (url.protocol === 's3+http:' || url.protocol === 's3+https:') {
    endpoint = `${url.protocol.slice(3)}//${url.host}`;
    const [first, ...others] = segments;
    if (!first) throw new S3UrlError('the path must start with the bucket name');
    bucket = first;
    rest = others;
  } else {
    throw new S3UrlError('must start with s3://, s3+http:// or s3+https://');
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new S3UrlError('the bucket name must be 3–63 lowercase letters, digits, dots or dashes');
  }
  const pathStyle = params.get('path_style') ?? (endpoint ? 'true' : 'false');
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    throw new S3UrlError('path_style must be true or false');
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password)) {
    throw new S3UrlError('give both the access key and the secret, or neither');
  }
  return {
    endpoint,
    bucket,
    prefix: rest.join('/'),
    region: params.get('region') ?? 'us-east-1',
    credentials: user ? { accessKeyId: user, secretAccessKey: password } : undefined,
    forcePathStyle: pathStyle === 'true',
  };
}

export function createS3Client(location: S3Location): S3Client {
  return new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint && { endpoint: location.endpoint }),
    ...(location.credentials && { credentials: location.credentials }),
    // Checksums only where S3 requires them: many S3-compatible servers do not understand
    // the SDK's default trailing checksums. Integrity is checked by hash when moving storage.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Images in a bucket of any S3-compatible store, through the AWS SDK. Bodies stream both
 * ways: a download is piped to the client as it arrives, and a copy between stores never
 * holds a whole file. Objects are private; the API serves them as it serves local files.
 */
export function createS3ImageStorage(
  location: S3Location,
  client = createS3Client(location),
): ImageStorage & {
  client: S3Client;
} {
  const { bucket } = location;
  const base = location.prefix ? `${location.prefix}/` : '';
  /** Every call goes through here: a storage that cannot be reached is said so (503). */
  async function reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isConnectionFailure(error)) throw new DependencyUnavailableError('image storage', error);
      throw error;
    }
  }
  const objectKey = (key: string) => {
    assertValidKey(key);
    return base + key;
  };

  return {
    client,
    description: `s3://${bucket}/${location.prefix}`,

    async put(key, body, contentType) {
      const Key = objectKey(key);
      // A PUT is atomic in S3: readers see the old object or the whole new one.
      await reach(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            ContentType: contentType,
            ...(Buffer.isBuffer(body)
              ? { Body: body, ContentLength: body.length }
              : { Body: body.stream, ContentLength: body.size }),
          }),
        ),
      );
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const answer = await reach(() =>
          client.send(new GetObjectCommand({ Bucket: bucket, Key })),
        );
        if (!answer.Body) return null;
        return {
          stream: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing key too.
      await reach(() =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })),
      );
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await reach(() =>
          client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              ...(base && { Prefix: base }),
              ...(ContinuationToken && { ContinuationToken }),
            }),
          ),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(base.length),
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
